// The roofline on a simulator profile: the limiter model's full kernel under the model's ceilings.
#include "labs/limiter_common/limiter_family_model.h"
#include "labs/roofline/roofline_lab.h"

namespace warpscope::labs {

RunResult simulateRoofline(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const LimiterPlan plan = limiterPlan(request.params, request.scope, limiterModelMaxBlocksPerSm(profile));
  checkLimiterModelOccupancy(profile, plan.blocksPerSm);
  const std::size_t elements = limiterElements(profile.info, plan.blocksPerSm);
  const std::vector<LimiterPoint> points = limiterModelPoints(profile, plan, elements, &monitor);
  monitor.done();
  return assembleRooflineResult(profile.info, request.params, points, limiterModelCeilings(profile), elements,
                                plan.blocksPerSm, request.scope, true);
}

}  // namespace warpscope::labs
