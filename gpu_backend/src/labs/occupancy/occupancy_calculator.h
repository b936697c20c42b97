#pragma once
/// \file occupancy_calculator.h
/// The occupancy calculator of the coming "occupancy" lab (issue 7), written first because the
/// rest of that room builds on it: how many blocks of a kernel fit on one SM, which resource
/// runs out first, and how far each would let occupancy rise. It follows the CUDA toolkit's
/// calculator (cuda_occupancy.h: cudaOccMaxBlocksPerSMWarpsLimit, ...RegsLimit, ...SmemLimit)
/// with the architecture's allocation rules from the device profile, and offers the lecture's
/// simple arithmetic beside it (no allocation granularity) so the two can be shown together.

#include <string>
#include <vector>

#include "sim/device_profile.h"
#include "warpscope/device.h"

namespace warpscope::labs {

/// One kernel configuration.
struct OccupancyRequest {
  int threadsPerBlock = 256;
  int registersPerThread = 32;
  int sharedBytesPerBlock = 0;  ///< Static plus dynamic shared memory the kernel asks for.
  /// Shared memory the SM is configured to give blocks (the carveout); 0: all of it.
  int sharedCarveoutBytes = 0;
};

/// The resources that cap blocks per SM.
enum class OccupancyLimiter { Warps, Registers, SharedMemory, Blocks };
/// "threads/warps", "registers", "shared memory", "blocks per SM".
const char* limiterName(OccupancyLimiter limiter);

/// What one resource alone would allow.
struct OccupancyLimit {
  OccupancyLimiter resource = OccupancyLimiter::Warps;
  int blocksPerSm = 0;  ///< Blocks this resource allows (INT_MAX when it does not limit).
};

struct OccupancyResult {
  int blocksPerSm = 0;
  int warpsPerBlock = 0;
  int activeWarpsPerSm = 0;
  double occupancyPct = 0;  ///< Active warps / the SM's maximum warps.
  OccupancyLimiter limiter = OccupancyLimiter::Warps;  ///< The first to run out (ties: the later one).
  std::vector<OccupancyLimit> limits;  ///< Every resource, in OccupancyLimiter order.
  int registersPerWarpAllocated = 0;   ///< After rounding to the allocation unit.
  int sharedBytesPerBlockAllocated = 0;  ///< With the runtime's reserve, rounded to the unit.
  std::string infeasible;  ///< Why not even one block fits ("" when one does).
};

/// The hardware's rule, as cuda_occupancy.h computes it: warps rounded up per block; registers
/// allocated per warp in units of rules.registerAllocationUnit and split over the register
/// file's sub-partitions; shared memory plus the per-block reserve rounded to its unit.
OccupancyResult calculateOccupancy(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                   const OccupancyRequest& request);

/// The lecture's arithmetic: threads, R x T registers and the shared memory per block divided
/// into the SM's totals, with no granularity and no reserve.
OccupancyResult simpleOccupancy(const DeviceInfo& device, const OccupancyRequest& request);

}  // namespace warpscope::labs
