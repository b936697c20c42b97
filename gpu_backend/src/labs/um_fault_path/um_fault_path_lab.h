#pragma once
/// \file um_fault_path_lab.h
/// Lab "um-fault-path" (Sakharnykh, Unified Memory on Pascal and Volta): the GPU fault path stage
/// by stage for a few warps (slides 8-13, 56), paging before Pascal (every dirty page moves at
/// kernel launch) against on-demand paging (slides 40-41), and Volta's access counters against
/// migration on first touch (slides 42-43). Model only: a GPU has one paging mode and its access
/// counters are off on x86 hosts, so on a CUDA device this lab runs the closest profile's model and
/// its first note says so (um-streaming shows CUPTI's real fault groups beside the model's).

#include "core/lab_definition.h"

namespace warpscope::labs {

inline constexpr const char* kUmFaultPathId = "um-fault-path";

const LabSpec& umFaultPathSpec();
LabDefinition umFaultPathLab();

RunResult simulateUmFaultPath(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
/// On a CUDA device: the model of the closest profile, never the GPU.
RunResult modelUmFaultPathForGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
