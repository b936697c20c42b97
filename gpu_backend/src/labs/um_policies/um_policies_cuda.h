#pragma once
/// \file um_policies_cuda.h
/// The CUDA side of this room (built only with the toolkit): the lab on a GPU, through the
/// family's shell (um_common/um_lab_run.h, which says what measuring a scenario involves), and one
/// PoliciesScenario on the GPU whose context is current.

#include "labs/um_common/um_lab_run.h"
#include "labs/um_policies/um_policies_scenario.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// The lab on a GPU (LabDefinition's measurement): each policy measured beside the model's.
RunResult measureUmPolicies(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);
/// One scenario, median and spread over timedReps repetitions after a warm-up.
um::UmScenarioResult measurePoliciesScenario(cuda::DeviceContext& device, const PoliciesScenario& scenario, int timedReps);

}  // namespace warpscope::labs
