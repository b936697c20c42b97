#pragma once
/// \file um_thrashing_cuda.h
/// The CUDA side of this room (built only with the toolkit): runs one ThrashingScenario on the GPU
/// whose context is current, times its phases with CUDA events after a warm-up repetition
/// (median and spread over timedReps), checks every kernel's output (throws CheckFailed when it
/// is wrong) and captures one repetition with CUPTI's unified-memory counters (um_common/um_capture.h)
/// when the platform supports it (otherwise the trace says why not, and only timings are
/// reported). Never allocates more managed memory than half of the device's free memory (throws
/// BadInputError naming the cap).

#include "labs/um_common/um_trace.h"
#include "labs/um_thrashing/um_thrashing_scenario.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

um::UmScenarioResult measureThrashingScenario(cuda::DeviceContext& device, const ThrashingScenario& scenario, int timedReps);

}  // namespace warpscope::labs
