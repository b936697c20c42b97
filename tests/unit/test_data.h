#pragma once
// What several unit tests load: the shipped simulator profiles and the recordings of real-GPU
// runs in resources/recordings (WARPSCOPE_RECORDINGS_DIR, set by tests/CMakeLists.txt).
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mechanisms/device_profile.h"
#include "warpscope/writers.h"

namespace warpscope::test {

/// Every profile in resources/profiles, loaded once (a bad one fails the test that asks).
inline const std::vector<sim::DeviceProfile>& shippedProfiles() {
  static const std::vector<sim::DeviceProfile> loaded = sim::loadEmbeddedProfiles();
  return loaded;
}

/// The shipped profiles that model `mechanism` (the group a lab's model reads, e.g. "dram" or
/// "limiter_kernel"): k40.json, the lecture's Kepler SM, has no memory model (nothing measured on
/// it), so the memory-bound labs refuse it naming the missing group and their tests leave it out.
inline std::vector<sim::DeviceProfile> shippedProfilesWith(const std::string& mechanism) {
  std::vector<sim::DeviceProfile> with;
  for (const auto& p : shippedProfiles())
    if (p.mechanisms.count(mechanism)) with.push_back(p);
  return with;
}

/// The shipped profile with this id ("h100"); throws when there is none.
inline const sim::DeviceProfile& shippedProfile(const std::string& id) {
  for (const auto& p : shippedProfiles())
    if (p.id == id) return p;
  throw std::runtime_error("no profile " + id);
}

/// The value of the run's scalar `id`; throws naming it when the run has none.
inline double scalarOf(const RunResult& result, const std::string& id) {
  const Scalar* s = result.findScalar(id);
  if (!s) throw std::runtime_error("no scalar " + id);
  return s->value;
}

/// A recording of a real-GPU run, e.g. "h200_latency_arith.json".
inline RunResult loadRecording(const std::string& name) {
  std::ifstream file(std::string(WARPSCOPE_RECORDINGS_DIR) + "/" + name);
  std::stringstream text;
  text << file.rdbuf();
  return readResultJson(text.str());
}

}  // namespace warpscope::test
