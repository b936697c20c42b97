#pragma once
/// \file um_fault_path_lab.h
/// Lab "um-fault-path" (Sakharnykh, Unified Memory on Pascal and Volta): the GPU fault path stage
/// by stage for a few warps (slides 8-13, 56), paging before Pascal (every dirty page moves at
/// kernel launch) against on-demand paging (slides 40-41), and Volta's access counters against
/// migration on first touch (slides 42-43), and the fault groups of the same kernel over more
/// pages (slides 55-57). The stages and generations are the UVM model on every device (the stages
/// happen inside the driver, a GPU has one paging mode and its access counters are off on x86
/// hosts); on a CUDA device the fault-group run also runs for real under CUPTI, its groups beside
/// the model's batches, and the first note says which is which.

#include "core/lab_definition.h"
#include "labs/um_common/um_trace.h"
#include "labs/um_fault_path/um_fault_path_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmFaultPathId = "um-fault-path";

const LabSpec& umFaultPathSpec();
LabDefinition umFaultPathLab();

/// The fault-group run a request asks for (fault_pages, bytes_per_warp).
FaultGroupScenario faultGroupScenarioOf(const ParamSet& params);

RunResult simulateUmFaultPath(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
/// The run on `profile`'s model, as `device`'s result. measuredGroups: the fault-group run measured
/// on that GPU (the result is then the GPU's, the model's batches beside its groups); nullptr on a
/// simulator.
RunResult runUmFaultPath(const sim::DeviceProfile& profile, const DeviceInfo& device, const RunRequest& request,
                         RunMonitor& monitor, const um::UmScenarioResult* measuredGroups);
/// On a CUDA device: the fault-group run on the GPU (um_fault_path_cuda.h), the rest on the closest
/// profile's model.
RunResult measureUmFaultPath(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
