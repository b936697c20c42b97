#pragma once
/// \file shared_memory.h
/// Shared memory (profile mechanism "shared_memory"): bandwidth per SM, load latency and the loads
/// a warp keeps in flight, measured on the H200 (docs/model.md). Shared by the labs that read
/// shared memory.

#include "sim/device_profile.h"

namespace warpscope::labs {

/// Shared memory's parameters (profile mechanism "shared_memory").
struct SharedMemoryParams {
  double bytesPerClockPerSm = 0;  ///< Bytes one SM's shared memory delivers per SM clock.
  double latencyCycles = 0;       ///< Load-to-use latency of a conflict-free shared load, SM cycles.
  double loadsInFlightPerWarp = 0;  ///< Warp-wide loads one warp keeps outstanding (measured).
};

/// Reads and range-checks the profile's shared_memory mechanism (BadInputError naming the field).
SharedMemoryParams sharedMemoryParams(const sim::DeviceProfile& profile);

}  // namespace warpscope::labs
