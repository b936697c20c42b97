#include "labs/occupancy/occupancy_calculator.h"

#include <algorithm>
#include <climits>

namespace warpscope::labs {

namespace {

int divideRoundUp(int a, int b) { return (a + b - 1) / b; }
int roundUp(int a, int unit) { return divideRoundUp(a, unit) * unit; }

/// Blocks per SM = the smallest limit; occupancy from the warps they hold.
OccupancyResult finish(const DeviceInfo& device, OccupancyResult r) {
  // On a tie the later resource is named: the hard block limit before shared memory, registers
  // and warps (the lecture's first example: registers and blocks both stop at 16, "blocks").
  r.blocksPerSm = INT_MAX;
  for (const OccupancyLimit& l : r.limits)
    if (l.blocksPerSm <= r.blocksPerSm) {
      r.blocksPerSm = l.blocksPerSm;
      r.limiter = l.resource;
    }
  r.activeWarpsPerSm = r.blocksPerSm * r.warpsPerBlock;
  const int maxWarps = device.maxThreadsPerSm / device.warpSize;
  r.occupancyPct = maxWarps > 0 ? 100.0 * r.activeWarpsPerSm / maxWarps : 0;
  if (r.blocksPerSm == 0 && r.infeasible.empty())
    r.infeasible = std::string("not one block fits: ") + limiterName(r.limiter) + " run out";
  return r;
}

}  // namespace

const char* limiterName(OccupancyLimiter limiter) {
  switch (limiter) {
    case OccupancyLimiter::Warps: return "threads/warps";
    case OccupancyLimiter::Registers: return "registers";
    case OccupancyLimiter::SharedMemory: return "shared memory";
    case OccupancyLimiter::Blocks: return "blocks per SM";
  }
  return "?";
}

OccupancyResult calculateOccupancy(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                   const OccupancyRequest& request) {
  OccupancyResult r;
  const int warpSize = device.warpSize;
  r.warpsPerBlock = divideRoundUp(request.threadsPerBlock, warpSize);

  // Warps (cudaOccMaxBlocksPerSMWarpsLimit, partitioned GC off).
  int warpBlocks = 0;
  if (request.threadsPerBlock > device.maxThreadsPerBlock)
    r.infeasible = "a block may have at most " + std::to_string(device.maxThreadsPerBlock) + " threads";
  else
    warpBlocks = (device.maxThreadsPerSm / warpSize) / r.warpsPerBlock;

  // Registers (cudaOccMaxBlocksPerSMRegsLimit): allocated per warp in units, the register file
  // split over the sub-partitions, a warp's registers all in one of them. The per-block limit is
  // the SM's register file (65536 on every profile).
  r.registersPerWarpAllocated = roundUp(request.registersPerThread * warpSize, rules.registerAllocationUnit);
  const int partitions = rules.registerFilePartitions;
  const int regsAssumedPerBlock = r.registersPerWarpAllocated * roundUp(r.warpsPerBlock, partitions);
  int regBlocks = INT_MAX;
  if (request.registersPerThread > rules.maxRegistersPerThread || regsAssumedPerBlock > device.registersPerSm) {
    regBlocks = 0;
    if (r.infeasible.empty())
      r.infeasible = request.registersPerThread > rules.maxRegistersPerThread
                         ? "more than " + std::to_string(rules.maxRegistersPerThread) + " registers per thread"
                         : "a block needs more registers than the SM has";
  } else if (r.registersPerWarpAllocated > 0) {
    const int warpsPerPartition = (device.registersPerSm / partitions) / r.registersPerWarpAllocated;
    regBlocks = warpsPerPartition * partitions / r.warpsPerBlock;
  }

  // Shared memory (cudaOccMaxBlocksPerSMSmemLimit): the runtime's reserve per block, rounded up.
  r.sharedBytesPerBlockAllocated =
      roundUp(request.sharedBytesPerBlock + device.reservedSharedMemPerBlockBytes, rules.sharedMemAllocationUnit);
  const int smemPerSm = request.sharedCarveoutBytes > 0 ? request.sharedCarveoutBytes : device.sharedMemPerSmBytes;
  int smemBlocks = INT_MAX;
  if (request.sharedBytesPerBlock > device.sharedMemPerBlockMaxBytes) {
    smemBlocks = 0;
    if (r.infeasible.empty())
      r.infeasible = "a block may have at most " + std::to_string(device.sharedMemPerBlockMaxBytes) +
                     " bytes of shared memory";
  } else if (r.sharedBytesPerBlockAllocated > 0) {
    smemBlocks = smemPerSm / r.sharedBytesPerBlockAllocated;
  }

  r.limits = {{OccupancyLimiter::Warps, warpBlocks},
              {OccupancyLimiter::Registers, regBlocks},
              {OccupancyLimiter::SharedMemory, smemBlocks},
              {OccupancyLimiter::Blocks, device.maxBlocksPerSm}};
  return finish(device, std::move(r));
}

OccupancyResult simpleOccupancy(const DeviceInfo& device, const OccupancyRequest& request) {
  OccupancyResult r;
  r.warpsPerBlock = divideRoundUp(request.threadsPerBlock, device.warpSize);
  r.registersPerWarpAllocated = request.registersPerThread * device.warpSize;
  r.sharedBytesPerBlockAllocated = request.sharedBytesPerBlock;
  const int regsPerBlock = request.registersPerThread * request.threadsPerBlock;
  const int smemPerSm = request.sharedCarveoutBytes > 0 ? request.sharedCarveoutBytes : device.sharedMemPerSmBytes;
  r.limits = {{OccupancyLimiter::Warps, device.maxThreadsPerSm / request.threadsPerBlock},
              {OccupancyLimiter::Registers, regsPerBlock > 0 ? device.registersPerSm / regsPerBlock : INT_MAX},
              {OccupancyLimiter::SharedMemory,
               request.sharedBytesPerBlock > 0 ? smemPerSm / request.sharedBytesPerBlock : INT_MAX},
              {OccupancyLimiter::Blocks, device.maxBlocksPerSm}};
  return finish(device, std::move(r));
}

}  // namespace warpscope::labs
