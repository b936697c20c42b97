#pragma once
/// \file um_multi_gpu_cuda.h
/// The CUDA side of this room (built only with the toolkit): the lab on a GPU, through the
/// family's shell (um_common/um_lab_run.h, which says what measuring a scenario involves), and one
/// MultiGpuScenario on the GPU whose context is current.

#include "labs/um_common/um_lab_run.h"
#include "labs/um_multi_gpu/um_multi_gpu_scenario.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// The lab on GPUs (LabDefinition's measurement): each mode measured on GPU 0 and GPU 1 beside the model's.
RunResult measureUmMultiGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);
/// One scenario, median and spread over timedReps repetitions after a warm-up.
um::UmScenarioResult measureMultiGpuScenario(cuda::DeviceContext& device, const MultiGpuScenario& scenario, int timedReps);

}  // namespace warpscope::labs
