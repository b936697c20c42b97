#pragma once
// Shared helpers of the unified-memory model tests: shipped profiles by id, and copies of them with
// one UVM parameter or the GPU memory changed.
#include <gtest/gtest.h>

#include <string>

#include "mechanisms/device_profile.h"

namespace warpscope::um_test {

inline const sim::DeviceProfile& shippedProfile(const std::string& id) {
  static const auto profiles = sim::loadEmbeddedProfiles();
  for (const auto& p : profiles)
    if (p.id == id) return p;
  ADD_FAILURE() << "no shipped profile " << id;
  return profiles.front();
}

/// h200 (or `id`) with mechanisms[mechanism][name] set to value.
inline sim::DeviceProfile withParam(const std::string& mechanism, const std::string& name, double value,
                                    const std::string& id = "h200") {
  sim::DeviceProfile p = shippedProfile(id);
  p.mechanisms[mechanism][name].value = value;
  return p;
}

/// h200 with only `bytes` of GPU memory (so that small buffers oversubscribe it).
inline sim::DeviceProfile withGpuMemory(double bytes, const std::string& id = "h200") {
  sim::DeviceProfile p = shippedProfile(id);
  p.info.globalMemBytes = static_cast<long long>(bytes);
  return p;
}

}  // namespace warpscope::um_test
