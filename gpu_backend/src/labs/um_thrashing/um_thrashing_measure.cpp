// um-thrashing on a GPU: each policy measured (um_thrashing_cuda.cpp) beside the model's.
#include "cuda/device_context.h"
#include "labs/um_thrashing/um_thrashing_cuda.h"
#include "labs/um_thrashing/um_thrashing_lab.h"
#include "labs/um_thrashing/um_thrashing_model.h"

namespace warpscope::labs {

RunResult measureUmThrashing(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  std::vector<std::string> notes;
  const um::UmRun run = um::measureWithModel<ThrashingScenario>(
      device.info, thrashingPlan(request.params), monitor, thrashingScenarioName,
      [&](const ThrashingScenario& s) { return measureThrashingScenario(device, s, kUmThrashingTimedReps); },
      simulateThrashingScenario, &notes);
  RunResult result = assembleUmThrashing(device.info, request.params, run);
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  return result;
}

}  // namespace warpscope::labs
