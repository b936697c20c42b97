#pragma once
/// \file um_multi_gpu_model.h
/// The simulator's side of this room: one MultiGpuScenario run on the UVM model (um_common/um_model.h)
/// with the profile's parameters. Phase names, counters and the trace follow the same
/// conventions as the CUDA side (um_multi_gpu_cuda.h), so one assembly serves both.

#include "labs/um_common/um_trace.h"
#include "labs/um_multi_gpu/um_multi_gpu_scenario.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

/// Runs one scenario on the model. Deterministic: the same profile and scenario give the same
/// result. Throws BadInputError for a profile missing a parameter the model needs.
um::UmScenarioResult simulateMultiGpuScenario(const sim::DeviceProfile& profile, const MultiGpuScenario& scenario);

}  // namespace warpscope::labs
