#pragma once
/// \file occupancy_calculator.h
/// The occupancy calculator every lab and the simulator share: how many blocks of a kernel fit on
/// one SM, which resource runs out first, and how far each would let occupancy rise. It follows the CUDA toolkit's
/// calculator (cuda_occupancy.h: cudaOccMaxBlocksPerSMWarpsLimit, ...RegsLimit, ...SmemLimit)
/// with the architecture's allocation rules from the device profile, and offers the lecture's
/// simple arithmetic beside it (no allocation granularity) so the two can be shown together.

#include <string>
#include <vector>

#include "mechanisms/device_profile.h"
#include "warpscope/device.h"

namespace warpscope::labs {

/// One kernel configuration.
struct OccupancyRequest {
  int threadsPerBlock = 256;
  int registersPerThread = 32;
  int sharedBytesPerBlock = 0;  ///< Static plus dynamic shared memory the kernel asks for.
  /// The kernel's preferred shared-memory carveout in percent of the SM's shared memory
  /// (cudaFuncAttributePreferredSharedMemoryCarveout); -1: no preference, all of it.
  int carveoutPercent = -1;
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
  int sharedBytesPerSm = 0;  ///< The shared memory the SM is configured with for this kernel.
  std::string infeasible;  ///< Why not even one block fits ("" when one does).
};

/// The hardware's rule, as cuda_occupancy.h computes it: warps rounded up per block; registers
/// allocated per warp in units of rules.registerAllocationUnit and split over the register
/// file's sub-partitions; shared memory plus the per-block reserve rounded to its unit, out of
/// the carveout the preference selects (sharedMemConfigurations), or, on compute capability
/// 7.0 and later, the smallest configuration one block fits in when the preference is smaller.
OccupancyResult calculateOccupancy(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                   const OccupancyRequest& request);

/// The shared-memory sizes an SM of this compute capability can be configured with, ascending
/// (cuda_occupancy.h: cudaOccAlignUpShmemSizeVoltaPlus for 7.0+, the L1/shared split of 3.x;
/// Fermi's 16/48 KiB split for 2.x). Falls back to {device.sharedMemPerSmBytes} when unknown.
std::vector<int> sharedMemConfigurations(const DeviceInfo& device);

/// The configuration a carveout preference selects: percent x the SM's shared memory, rounded
/// up to the next configuration (-1: all of it). What CUDA's calculator does before it checks
/// that one block fits.
int preferredSharedMemPerSm(const DeviceInfo& device, int carveoutPercent);

/// cuda_occupancy.h's allocation rules for a compute capability ("9.0"): registers in units of
/// 256 (64 on 2.x) over 4 sub-partitions (2 on 6.0), shared memory in units of 256 bytes up to
/// 7.x and 128 from 8.0, 255 registers per thread (63 on 2.x). What a real GPU is calculated
/// with; every profile's "occupancy" block must say the same (tested).
sim::OccupancyRules architectureOccupancyRules(const std::string& computeCapability);

/// The lecture's arithmetic: threads, R x T registers and the shared memory per block divided
/// into the SM's totals, with no granularity, no reserve and no carveout.
OccupancyResult simpleOccupancy(const DeviceInfo& device, const OccupancyRequest& request);

/// Dynamic shared memory per block with which at most blocksPerSm blocks fit, the way labs
/// force occupancy: the smallest per-block allocation (rounded up to the allocation unit) above
/// the SM's shared memory / (blocksPerSm + 1), minus the runtime's reserved bytes, capped at the
/// per-block maximum, never negative. Whether exactly blocksPerSm fit is calculateOccupancy's
/// answer: rounding to the unit can skip a level (V100, 23 blocks: 22 fit).
int dynamicSharedBytesForBlocks(const sim::DeviceProfile& profile, int blocksPerSm);

}  // namespace warpscope::labs
