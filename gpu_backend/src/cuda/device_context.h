#pragma once
/// \file device_context.h
/// What the backend keeps per device for a session: its DeviceInfo, the ceilings measured on it
/// (cached: measured once per device per session), whatever each lab keeps there between runs,
/// and whether an earlier error broke its context.

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <typeindex>

#include "warpscope/device.h"

namespace warpscope::cuda {

/// A bandwidth measured with timeLaunches, bytes read plus bytes written per second.
struct BandwidthCeiling {
  double gbpsMedian = 0;
  double gbpsMin = 0;
  double gbpsMax = 0;
  std::size_t bufferBytes = 0;  ///< Bytes copied per launch (as many again are written).
  int reps = 0;
};

/// Base of what a lab keeps on a device between runs (e.g. latency-memory's copy buffers, so a
/// slider step does not allocate and free a GiB). Freed with the context.
struct LabState {
  virtual ~LabState() = default;
};

struct DeviceContext {
  int ordinal = 0;
  DeviceInfo info;
  /// cudaMemcpy device-to-device ceilings by buffer size.
  std::map<std::size_t, BandwidthCeiling> memcpyCeilings;
  /// One slot per LabState type; see labState<T>().
  std::map<std::type_index, std::unique_ptr<LabState>> labStates;
  /// Set after a sticky error: the context is unusable until the process ends.
  bool broken = false;
  std::string brokenReason;

  /// The lab's state of type T on this device, default-constructed on first use.
  template <typename T>
  T& labState() {
    std::unique_ptr<LabState>& slot = labStates[std::type_index(typeid(T))];
    if (!slot) slot = std::make_unique<T>();
    return static_cast<T&>(*slot);
  }
};

}  // namespace warpscope::cuda
