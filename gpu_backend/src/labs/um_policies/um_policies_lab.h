#pragma once
/// \file um_policies_lab.h
/// Lab "um-policies": data used in turn by the CPU and the GPU, under each cudaMemAdvise policy
/// side by side (no advice, ReadMostly, PreferredLocation CPU or GPU, AccessedBy GPU): time per
/// iteration, bytes moved each way and faults. Shared by both backends: declaration, plan and
/// assembly (the model in um_policies_model.cpp, the GPU in um_policies_cuda.cpp).

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_policies/um_policies_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmPoliciesId = "um-policies";
inline constexpr int kUmPoliciesTimedReps = 3;

const LabSpec& umPoliciesSpec();
LabDefinition umPoliciesLab();

/// One scenario per policy, with the run's buffer, iterations and access pattern.
std::vector<PoliciesScenario> policiesPlan(const ParamSet& params);
std::string policiesScenarioName(const PoliciesScenario& scenario);
RunResult assembleUmPolicies(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run);

RunResult simulateUmPolicies(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
RunResult measureUmPolicies(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
