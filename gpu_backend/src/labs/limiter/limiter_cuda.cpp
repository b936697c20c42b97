#include "labs/limiter/limiter_cuda.h"

#include <sstream>

#include "cuda/device_context.h"
#include "labs/limiter_common/limiter_bench.h"
#include "labs/limiter/limiter_lab.h"

namespace warpscope::labs {

RunResult measureLimiter(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  monitor.step(0, 1, "ceilings: cudaMemcpy D2D and the FMA peak (once per session)");
  LimiterCeilings ceilings;
  cuda::LimiterBench& bench = cuda::limiterBenchFor(context, &ceilings, &monitor.token());
  const LimiterPlan plan = limiterPlan(request.params, request.scope, bench.maxBlocksPerSm());
  const std::size_t steps = plan.fmasPerElement.size() * kLimiterVariantCount + 1;
  const long long deviceBefore = bench.elementsCheckedOnDevice();
  const long long hostBefore = bench.elementsRecomputedOnHost();

  // A focus move times three kernels while the slider is held: one warm-up and three timed
  // launches each (still a median with its spread) keep it within the 50 ms a drag allows (at
  // K = 1024 a launch takes about 3 ms on the H200); full sweeps keep the default policy.
  const cuda::TimingPolicy policy = request.scope == RunScope::FocusOnly
                                        ? cuda::TimingPolicy{.warmups = 1, .reps = 3, .minReps = 3}
                                        : cuda::TimingPolicy{};
  std::vector<LimiterPoint> points;
  std::size_t step = 1;
  for (int k : plan.fmasPerElement) {
    LimiterPoint p;
    p.fmasPerElement = k;
    for (int v = 0; v < kLimiterVariantCount; ++v) {
      const auto variant = static_cast<LimiterVariant>(v);
      monitor.step(step++, steps, "K = " + std::to_string(k) + ", variant " + std::to_string(v));
      const VariantTime t = bench.measure(variant, k, plan.blocksPerSm, policy, &monitor.token());
      (v == 0 ? p.full : v == 1 ? p.memoryOnly : p.mathOnly) = t;
    }
    points.push_back(p);
  }
  monitor.done();

  RunResult result = assembleLimiterResult(context.info, request.params, points, ceilings,
                                           bench.elements(plan.blocksPerSm), plan.blocksPerSm, request.scope, false);
  result.provenance = Provenance::Measured;
  std::ostringstream padding;
  padding << "Occupancy: " << plan.blocksPerSm << " blocks of " << kLimiterThreadsPerBlock
          << " threads per SM for every kernel, confirmed with cudaOccupancyMaxActiveBlocksPerMultiprocessor; padding "
             "dynamic shared memory per block:";
  for (const auto& [variant, bytes] : bench.paddingBytes()) padding << " " << variant << " " << bytes << " B";
  result.notes.push_back(padding.str());
  result.notes.push_back("Timed with CUDA events: " + std::to_string(policy.warmups) +
                         " warm-up launches, then the median of up to " + std::to_string(policy.reps) +
                         " timed launches per kernel (spread: fastest and slowest launch).");
  result.notes.push_back(
      "Checked: fresh random input per run and b per kernel, output poisoned first. Full: no element left "
      "poisoned, and " + std::to_string(bench.elementsRecomputedOnHost() - hostBefore) +
      " sampled elements equal to a host std::fmaf recomputation bit for bit; memory-only: every element equals "
      "its input; math-only: every element still poisoned (its guarded stores never ran). " +
      std::to_string(bench.elementsCheckedOnDevice() - deviceBefore) + " elements compared on the device.");
  return result;
}

}  // namespace warpscope::labs
