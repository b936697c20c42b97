#pragma once
/// \file um_thrashing_lab.h
/// Lab "um-thrashing": CPU threads and a kernel on the same pages at the same time (optionally
/// through false sharing: small objects of each side packed into one page), the driver's
/// anti-thrashing heuristic (detect, throttle, pin and map remotely), and the advice policies
/// as the mitigation, side by side. Shared by both backends: declaration, plan, assembly.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_thrashing/um_thrashing_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmThrashingId = "um-thrashing";
inline constexpr int kUmThrashingTimedReps = 3;

const LabSpec& umThrashingSpec();
LabDefinition umThrashingLab();

/// One scenario per policy (the first, no advice, is the driver's heuristic alone).
std::vector<ThrashingScenario> thrashingPlan(const ParamSet& params);
std::string thrashingScenarioName(const ThrashingScenario& scenario);
RunResult assembleUmThrashing(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run);

RunResult simulateUmThrashing(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
RunResult measureUmThrashing(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
