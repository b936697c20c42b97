#pragma once
/// \file um_streaming_scenario.h
/// Lab "um-streaming" (the seed's streaming benchmark): a managed buffer first touched on the
/// CPU is read by a kernel. What one configuration to run is, for both backends.

#include <cstdint>

namespace warpscope::labs {

/// How the bytes reach the GPU.
enum class StreamingMode : int {
  OnDemand,        ///< The kernel faults the pages in (granularity decides the access pattern).
  Prefetch,        ///< cudaMemPrefetchAsync to the GPU, then the kernel (timed: the prefetch).
  MemcpyPinned,    ///< cudaMemcpy from cudaMallocHost memory to a cudaMalloc buffer.
  MemcpyPageable,  ///< cudaMemcpy from malloc'd (pageable) memory.
};

/// How each repetition's managed pages get back to the CPU before it (CUDA side only; the model
/// always starts from CPU-resident pages). Added by the CUDA side: the on-demand figures depend
/// on it (the device test UmStreamingCuda.StreamingTableAt256MiB prints all three).
enum class StreamingReset : int {
  FreshAllocation,  ///< A new cudaMallocManaged buffer, first touched on the CPU (the seed's benchmark).
  PrefetchToCpu,    ///< cudaMemPrefetchAsync back to the CPU.
  CpuRetouch,       ///< The CPU rewrites every word (CPU faults pull the pages back).
};

/// One streaming configuration. The kernel reads the buffer (and sums it, so the result is
/// checked): each warp reads `warpChunkBytes` contiguous bytes, 4 bytes per lane per step, in
/// a loop. warpChunkBytes = 128 is the seed's "thread/4B" (one thread per 4 bytes, the grid covers
/// the buffer); 65536 is "warp/64KB" (each warp loops over its own 64 KiB).
struct StreamingScenario {
  StreamingMode mode = StreamingMode::OnDemand;
  std::uint64_t bufferBytes = 256ull << 20;
  std::uint64_t warpChunkBytes = 128;  ///< Power of two, 128 .. 2 MiB; OnDemand only.
  StreamingReset reset = StreamingReset::FreshAllocation;  ///< OnDemand and Prefetch, CUDA side only.
  /// A point of the size study (prefetch and pinned memcpy against buffer size): timed only, not
  /// traced, and on a GPU skipped rather than refused when it exceeds the managed-memory cap.
  bool sizeStudy = false;
};

}  // namespace warpscope::labs
