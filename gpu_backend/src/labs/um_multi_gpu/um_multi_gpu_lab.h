#pragma once
/// \file um_multi_gpu_lab.h
/// Lab "um-multi-gpu": one managed buffer used by two GPUs: first-touch placement, read
/// duplication with ReadMostly, SetAccessedBy remote mapping against migration, and the peer
/// link's bandwidth. On a machine with one GPU the simulator covers it. Shared by both
/// backends: declaration, plan, assembly.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_multi_gpu/um_multi_gpu_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmMultiGpuId = "um-multi-gpu";
inline constexpr int kUmMultiGpuTimedReps = 3;

const LabSpec& umMultiGpuSpec();
LabDefinition umMultiGpuLab();

std::vector<MultiGpuScenario> multiGpuPlan(const ParamSet& params);
std::string multiGpuScenarioName(const MultiGpuScenario& scenario);
RunResult assembleUmMultiGpu(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run);

RunResult simulateUmMultiGpu(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
RunResult measureUmMultiGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
