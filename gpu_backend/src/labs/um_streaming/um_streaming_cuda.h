#pragma once
/// \file um_streaming_cuda.h
/// The CUDA side of this room (built only with the toolkit): the lab on a GPU, through the
/// family's shell (um_common/um_lab_run.h, which says what measuring a scenario involves), and one
/// StreamingScenario on the GPU whose context is current.

#include "labs/um_common/um_lab_run.h"
#include "labs/um_streaming/um_streaming_scenario.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// The lab on a GPU (LabDefinition's measurement): each scenario measured beside the model's.
RunResult measureUmStreaming(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);
/// One scenario, median and spread over timedReps repetitions after a warm-up.
um::UmScenarioResult measureStreamingScenario(cuda::DeviceContext& device, const StreamingScenario& scenario, int timedReps);

}  // namespace warpscope::labs
