// um-policies on a GPU: each policy measured (um_policies_cuda.cpp) beside the model's.
#include "cuda/device_context.h"
#include "labs/um_policies/um_policies_cuda.h"
#include "labs/um_policies/um_policies_lab.h"
#include "labs/um_policies/um_policies_model.h"

namespace warpscope::labs {

RunResult measureUmPolicies(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  std::vector<std::string> notes;
  const um::UmRun run = um::measureWithModel<PoliciesScenario>(
      device.info, policiesPlan(request.params), monitor, policiesScenarioName,
      [&](const PoliciesScenario& s) { return measurePoliciesScenario(device, s, kUmPoliciesTimedReps); },
      simulatePoliciesScenario, &notes);
  RunResult result = assembleUmPolicies(device.info, request.params, run);
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  return result;
}

}  // namespace warpscope::labs
