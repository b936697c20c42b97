#pragma once
/// \file device_context.h
/// What the backend keeps per device for a session: its DeviceInfo, the ceilings measured on it
/// (cached: measured once per device per session), and whether an earlier error broke its context.

#include <cstddef>
#include <map>
#include <string>

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

struct DeviceContext {
  int ordinal = 0;
  DeviceInfo info;
  /// cudaMemcpy device-to-device ceilings by buffer size.
  std::map<std::size_t, BandwidthCeiling> memcpyCeilings;
  /// Set after a sticky error: the context is unusable until the process ends.
  bool broken = false;
  std::string brokenReason;
};

}  // namespace warpscope::cuda
