#pragma once
/// \file uvm_stream_kernel.h
/// A kernel streaming over managed memory, warp by warp, as the GPU runs it: blocks of 8 warps are
/// dispatched in order onto the SMs (as many resident per SM as the device's thread limit allows),
/// each warp reads warpChunkBytes contiguous bytes 128 B at a time, and a warp that touches a page
/// its GPU cannot access stalls and leaves an entry in the fault buffer. The SMs fault
/// concurrently, so the buffer holds their entries interleaved (the first stalled warp of every
/// SM, then the second, ...). The driver fetches up to fault_batch_count entries, services them
/// (UvmEngine::serviceGpuFaults), flushes the rest and replays: every stalled warp retries.

#include <cstdint>

#include "labs/um_common/uvm_engine.h"
#include "warpscope/device.h"

namespace warpscope::labs::um {

struct StreamKernel {
  Processor gpu = Processor::Gpu0;
  std::uint64_t firstByte = 0;        ///< Offset into the allocation.
  std::uint64_t bytes = 0;
  std::uint64_t warpChunkBytes = 128; ///< Contiguous bytes per warp (128: one thread per 4 bytes).
  bool writes = false;                ///< Read-modify-write (a write fault collapses duplicates).
  int smCount = 1;
  int warpsPerSm = 64;                ///< Resident warps per SM (full occupancy).
  int warpsPerBlock = 8;
};

struct StreamKernelRun {
  double durationUs = 0;
  std::uint64_t batches = 0;
  std::uint64_t localBytes = 0;   ///< Read from the GPU's own memory.
  std::uint64_t remoteBytes = 0;  ///< Read over a link from a remote mapping.
  std::uint64_t peerRemoteBytes = 0;  ///< ... of which from a peer GPU's memory.
};

/// The kernel over [firstByte, firstByte+bytes) on `device`'s SMs at full occupancy (blocks of 8
/// warps, as many as the thread and block limits let reside on an SM).
StreamKernel streamKernelFor(const DeviceInfo& device, Processor gpu, std::uint64_t firstByte, std::uint64_t bytes,
                             std::uint64_t warpChunkBytes, bool writes);

/// Runs the kernel from nowUs. Time = fault service (batches, migrations, evictions) plus the reads
/// themselves at device-memory (local) and link (remote) bandwidth.
StreamKernelRun runStreamKernel(UvmEngine& engine, const StreamKernel& kernel, double nowUs);


}  // namespace warpscope::labs::um
