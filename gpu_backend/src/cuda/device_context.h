#pragma once
/// \file device_context.h
/// What the backend keeps per device for a session: its DeviceInfo, the ceilings measured on it
/// (cached: measured once per device per session), the latency-memory buffers (kept between
/// runs), and whether an earlier error broke its context.

#include <cstddef>
#include <map>
#include <memory>
#include <string>

#include "cuda/copy_bench.h"
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
  /// The latency-memory source and destination of the last buffer size. A focus-only rerun (one
  /// slider step) would otherwise allocate 2 x buffer_mib and free it again, and cudaFree waits
  /// for the whole device. Replaced when buffer_mib changes; freed with the context.
  std::unique_ptr<CopyBench> copyBench;
  /// Set after a sticky error: the context is unusable until the process ends.
  bool broken = false;
  std::string brokenReason;
};

}  // namespace warpscope::cuda
