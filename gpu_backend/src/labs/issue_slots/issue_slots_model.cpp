#include "labs/issue_slots/issue_slots_model.h"

#include "labs/issue_slots/issue_slots_lab.h"
#include "mechanisms/fma_pipeline.h"

namespace warpscope::labs {

RunResult simulateIssueSlots(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  const SchedulerModel model = schedulerModel(profile);
  const FmaPipeline fma = fmaPipeline(profile);
  monitor.step(0, 1, "the scheduler model");
  ArithPoints arith;
  for (int ilp : kBesideIlps)
    for (int w = 1; w <= kMaxWarpsPerScheduler; ++w)
      if (threadsPerSmFor(device, w) <= device.maxThreadsPerSm)
        arith[{ilp, w}] = arithFractionOfPeak(device, fma, threadsPerSmFor(device, w), ilp);
  RunResult result = assembleIssueSlotsResult(device, request.params, model, arith, false);
  monitor.done();
  result.provenance = Provenance::Simulated;
  return result;
}

}  // namespace warpscope::labs
