// The roofline on a CUDA device: the limiter bench's full kernel at every K, checked, under the
// ceilings measured this session (memcpy D2D, the latency-arith FMA kernel at its best).
#include <string>

#include "cuda/device_context.h"
#include "labs/limiter_common/limiter_bench.h"
#include "labs/roofline/roofline_lab.h"

namespace warpscope::labs {

RunResult measureRoofline(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  monitor.step(0, 1, "ceilings: cudaMemcpy D2D and the FMA peak (once per session)");
  LimiterCeilings ceilings;
  cuda::LimiterBench& bench = cuda::limiterBenchFor(context, &ceilings, &monitor.token());
  const LimiterPlan plan = limiterPlan(request.params, request.scope, bench.maxBlocksPerSm());
  const std::size_t steps = plan.fmasPerElement.size() + 1;
  const long long hostBefore = bench.elementsRecomputedOnHost();
  const cuda::TimingPolicy policy;
  std::vector<LimiterPoint> points;
  for (std::size_t i = 0; i < plan.fmasPerElement.size(); ++i) {
    const int k = plan.fmasPerElement[i];
    monitor.step(i + 1, steps, "full kernel, K = " + std::to_string(k));
    LimiterPoint p;
    p.fmasPerElement = k;
    p.full = bench.measure(LimiterVariant::Full, k, plan.blocksPerSm, policy, &monitor.token());
    points.push_back(p);
  }
  monitor.done();
  RunResult result = assembleRooflineResult(context.info, request.params, points, ceilings,
                                            bench.elements(plan.blocksPerSm), plan.blocksPerSm, request.scope, false);
  result.provenance = Provenance::Measured;
  result.notes.push_back("Checked: every output element written (poisoned first), " +
                         std::to_string(bench.elementsRecomputedOnHost() - hostBefore) +
                         " sampled elements equal to a host std::fmaf recomputation bit for bit. Timed with CUDA "
                         "events, median of the timed launches after warm-ups.");
  return result;
}

}  // namespace warpscope::labs
