#pragma once
/// \file um_streaming_model.h
/// The simulator's side of this room: one StreamingScenario run on the UVM model (um_common/um_model.h)
/// with the profile's parameters. Phase names, counters and the trace follow the same
/// conventions as the CUDA side (um_streaming_cuda.h), so one assembly serves both.

#include "labs/um_common/um_trace.h"
#include "labs/um_streaming/um_streaming_scenario.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

/// Runs one scenario on the model. Deterministic: the same profile and scenario give the same
/// result. Throws BadInputError for a profile missing a parameter the model needs.
um::UmScenarioResult simulateStreamingScenario(const sim::DeviceProfile& profile, const StreamingScenario& scenario);

}  // namespace warpscope::labs
