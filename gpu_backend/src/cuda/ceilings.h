#pragma once
/// \file ceilings.h
/// The ceilings results are reported against, measured on the same device in the same session.

#include <cstddef>

#include "cuda/device_context.h"
#include "cuda/timing.h"

namespace warpscope::cuda {

/// cudaMemcpy device-to-device of bytes from src to dst, timed like the kernels; bandwidth counts
/// bytes read plus bytes written. Throws CudaError or Cancelled.
BandwidthCeiling measureMemcpyD2D(void* dst, const void* src, std::size_t bytes, const TimingPolicy& policy,
                                  const CancelToken* cancel);

/// The cached ceiling for this buffer size, measured (with dst and src, which must hold bytes
/// each and src real data, not zeros) the first time it is asked for.
const BandwidthCeiling& memcpyCeiling(DeviceContext& context, void* dst, const void* src, std::size_t bytes,
                                      const CancelToken* cancel);

/// The timing used for ceilings: more repetitions than a sweep point, since every fraction of a
/// run divides by it.
TimingPolicy ceilingTimingPolicy();

}  // namespace warpscope::cuda
