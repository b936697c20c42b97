#pragma once
/// \file um_oversubscription_model.h
/// The simulator's side of this room: one OversubscriptionScenario run on the UVM model (um_common/um_model.h)
/// with the profile's parameters. Phase names, counters and the trace follow the same
/// conventions as the CUDA side (um_oversubscription_cuda.h), so one assembly serves both.

#include "labs/um_common/um_trace.h"
#include "labs/um_oversubscription/um_oversubscription_scenario.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

/// k >= 1: the scenario runs on a model with working set and GPU memory divided by k (its trace,
/// and so the page map, shows that smaller allocation).
double oversubscriptionModelScale(const sim::DeviceProfile& profile, const OversubscriptionScenario& scenario);

/// Runs one scenario on the model. Deterministic: the same profile and scenario give the same
/// result. Throws BadInputError for a profile missing a parameter the model needs.
um::UmScenarioResult simulateOversubscriptionScenario(const sim::DeviceProfile& profile, const OversubscriptionScenario& scenario);

}  // namespace warpscope::labs
