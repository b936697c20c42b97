#include "cuda/ceilings.h"

#include "cuda/cuda_check.h"

namespace warpscope::cuda {

TimingPolicy ceilingTimingPolicy() {
  TimingPolicy policy;
  policy.warmups = 3;
  policy.reps = 20;
  return policy;
}

BandwidthCeiling measureMemcpyD2D(void* dst, const void* src, std::size_t bytes, const TimingPolicy& policy,
                                  const CancelToken* cancel) {
  const TimingStats t = timeLaunches(
      [&] { WS_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice)); }, policy, cancel);
  const RateStats gbps = ratesFrom(t, 2.0 * static_cast<double>(bytes) / 1e9);  // GB read + written
  BandwidthCeiling ceiling;
  ceiling.gbpsMedian = gbps.median;
  ceiling.gbpsMin = gbps.min;
  ceiling.gbpsMax = gbps.max;
  ceiling.bufferBytes = bytes;
  ceiling.reps = static_cast<int>(t.samplesMs.size());
  return ceiling;
}

const BandwidthCeiling& memcpyCeiling(DeviceContext& context, void* dst, const void* src, std::size_t bytes,
                                      const CancelToken* cancel) {
  const auto cached = context.memcpyCeilings.find(bytes);
  if (cached != context.memcpyCeilings.end()) return cached->second;
  const BandwidthCeiling measured = measureMemcpyD2D(dst, src, bytes, ceilingTimingPolicy(), cancel);
  return context.memcpyCeilings.emplace(bytes, measured).first->second;
}

}  // namespace warpscope::cuda
