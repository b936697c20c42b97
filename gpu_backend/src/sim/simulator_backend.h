#pragma once
/// \file simulator_backend.h
/// The simulator Backend over an explicit list of profiles. makeSimulatorBackend() (backend.h)
/// uses the embedded profiles; tests use this to run the model on a modified profile.

#include <memory>
#include <string>
#include <vector>

#include "mechanisms/device_profile.h"
#include "warpscope/backend.h"

namespace warpscope::sim {

/// A simulator over these profiles. loadErrors are profiles that failed to parse: they are
/// reported once on stderr and their devices are absent (so a bad data file never takes the
/// application down; the profile unit test is what keeps them from shipping).
std::unique_ptr<Backend> makeSimulatorBackend(std::vector<DeviceProfile> profiles,
                                              std::vector<std::string> loadErrors = {});

}  // namespace warpscope::sim
