#include "labs/limiter/limiter_model.h"

#include <sstream>

#include "labs/limiter/limiter_lab.h"
#include "labs/limiter_common/limiter_family_model.h"

namespace warpscope::labs {

RunResult simulateLimiter(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const LimiterPlan plan = limiterPlan(request.params, request.scope, limiterModelMaxBlocksPerSm(profile));
  checkLimiterModelOccupancy(profile, plan.blocksPerSm);
  const std::size_t elements = limiterElements(profile.info, plan.blocksPerSm);
  const LimiterCeilings ceilings = limiterModelCeilings(profile);
  const std::vector<LimiterPoint> points = limiterModelPoints(profile, plan, elements, &monitor);
  monitor.done();
  RunResult result =
      assembleLimiterResult(profile.info, request.params, points, ceilings, elements, plan.blocksPerSm, request.scope, true);
  const int focusK = request.params.getInt("fmas_per_element");
  const LimiterModelBreakdown full = limiterModel(profile, LimiterVariant::Full, focusK, plan.blocksPerSm, elements);
  std::ostringstream why;
  why.precision(3);
  why << "Model: one warp iteration loads 8 elements per thread, runs 8 chains of K dependent FMAs and stores "
         "them; the device's rate of iterations is the least of issue (FP32 lanes), DRAM bandwidth (the copy "
         "kernel's ceiling) and latency (resident warps / one iteration's time alone, with the loaded DRAM "
         "latency). Full kernel at the focus: issue bound "
      << full.issueBoundMs << " ms, bandwidth bound " << full.bandwidthBoundMs << " ms, latency bound "
      << full.latencyBoundMs << " ms (loaded DRAM latency " << full.loadedLatencyNs << " ns) -> " << full.ms
      << " ms with launch overhead.";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
