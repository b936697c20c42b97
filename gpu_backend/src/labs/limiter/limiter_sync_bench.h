#pragma once
/// \file limiter_sync_bench.h
/// The __syncthreads() experiment on a GPU (CUDA builds only): its four kernels on the limiter
/// bench's arrays, at one and two blocks per SM, timed and checked.

#include "cuda/timing.h"
#include "labs/limiter/limiter_sync.h"
#include "labs/limiter_common/limiter_bench.h"

namespace warpscope::cuda {

/// Times memory-only, math-only and the full kernel as one block of 512 per SM, and the full kernel
/// as two blocks of 256 per SM (occupancy forced with shared memory and confirmed with the
/// occupancy API; BadInputError when a level cannot be resident). Each: output poisoned, fresh b,
/// CUDA events (policy), then checked - full: no element left poisoned and 2 x 1024 sampled
/// elements equal to the host's chain of their mirror's input bit for bit; memory-only: every
/// element equal to its mirror's input (on the device); math-only: every element still poisoned.
/// Throws CheckFailed, CudaError, BadInputError or Cancelled.
/// Elements checked (on the device and recomputed on the host).
struct LimiterSyncChecked {
  long long onDevice = 0;
  long long onHost = 0;
};
labs::LimiterSyncTimes measureLimiterSync(LimiterBench& bench, const DeviceInfo& device, int fmasPerElement,
                                          const TimingPolicy& policy, const CancelToken* cancel,
                                          LimiterSyncChecked* checked = nullptr);

}  // namespace warpscope::cuda
