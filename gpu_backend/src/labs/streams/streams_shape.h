#pragma once
// Lab "streams": what one configuration is, shared by the plan, both backends and the model.

#include <string>

namespace warpscope::labs {

/// At most this many streams; the small-kernels work always has this many kernels.
inline constexpr int kMaxStreams = 8;
inline constexpr int kSmallKernels = 8;

/// The order the host issues the chunks' operations in.
enum class IssueOrder {
  DepthFirst,    ///< Per chunk: copy in, kernel, copy out; then the next chunk. Small kernels:
                 ///< each stream's kernels together, stream after stream.
  BreadthFirst,  ///< Every chunk's copy in, then every kernel, then every copy out. Small
                 ///< kernels: one per stream in turn.
};

enum class HostMemory {
  Pinned,    ///< cudaMallocHost: the copy engines read and write it directly, asynchronously.
  Pageable,  ///< malloc: the driver stages every copy through a pinned buffer, the host waiting.
};

/// A tiny kernel issued after each chunk's kernel, on a default stream.
enum class DefaultStreamUse {
  None,
  Legacy,     ///< The legacy default stream (stream 0): it waits for all earlier work of every
              ///< blocking stream, and all their later work waits for it.
  PerThread,  ///< cudaStreamPerThread: an ordinary stream, no implicit synchronisation.
};

enum class StreamsWorkload {
  CopyAndCompute,  ///< Each chunk: copy in, kernel, copy out (the staged pipeline).
  SmallKernels,    ///< Kernels only, each using an eighth of the GPU: concurrent kernels fill it.
};

/// One configuration of the lab.
struct StreamsConfig {
  int streams = 4;
  IssueOrder order = IssueOrder::DepthFirst;
  HostMemory hostMemory = HostMemory::Pinned;
  DefaultStreamUse defaultStream = DefaultStreamUse::None;
  StreamsWorkload workload = StreamsWorkload::CopyAndCompute;
  int hardwareQueues = 8;  ///< CUDA_DEVICE_MAX_CONNECTIONS.
  int bufferMib = 128;     ///< The whole buffer, cut into streamsChunks() chunks.
  int kernelFmas = 1024;   ///< Dependent FMAs per element in the chunk's kernel.
};

/// Chunks of the buffer: one per stream for copy and compute (the CUDA C++ Best Practices Guide's
/// staged copies: chunk c on stream c), eight small kernels round robin over the streams.
inline int streamsChunks(const StreamsConfig& config) {
  return config.workload == StreamsWorkload::SmallKernels ? kSmallKernels : config.streams;
}

/// The kind of one operation, as the timeline names its spans.
enum class StreamOpKind { HostToDevice, Kernel, DeviceToHost, Marker };

const char* streamOpKindId(StreamOpKind kind);  ///< "htod", "kernel", "dtoh", "marker"

}  // namespace warpscope::labs
