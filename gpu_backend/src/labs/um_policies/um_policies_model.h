#pragma once
/// \file um_policies_model.h
/// The simulator's side of this room: one PoliciesScenario run on the UVM model (um_common/um_model.h)
/// with the profile's parameters. Phase names, counters and the trace follow the same
/// conventions as the CUDA side (um_policies_cuda.h), so one assembly serves both.

#include "labs/um_common/um_trace.h"
#include "labs/um_policies/um_policies_scenario.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

/// Runs one scenario on the model. Deterministic: the same profile and scenario give the same
/// result. Throws BadInputError for a profile missing a parameter the model needs.
um::UmScenarioResult simulatePoliciesScenario(const sim::DeviceProfile& profile, const PoliciesScenario& scenario);

}  // namespace warpscope::labs
