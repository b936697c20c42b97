#include "mechanisms/occupancy_calculator.h"

#include <algorithm>
#include <climits>
#include <cstdio>

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

constexpr int kKiB = 1024;

/// "9.0" -> {9, 0}; {0, 0} when it does not parse.
std::pair<int, int> majorMinor(const std::string& computeCapability) {
  int major = 0;
  int minor = 0;
  if (std::sscanf(computeCapability.c_str(), "%d.%d", &major, &minor) != 2) return {0, 0};
  return {major, minor};
}

/// Shared memory per SM for this kernel (cudaOccSMemPerMultiprocessor and the fallback in
/// cudaOccMaxBlocksPerSMSmemLimit): the preferred configuration when one block fits in it;
/// otherwise, from 7.0 on, the smallest configuration that holds one block, before 7.0 all of it.
int sharedMemPerSmFor(const DeviceInfo& device, int carveoutPercent, int allocatedPerBlock) {
  const int preferred = preferredSharedMemPerSm(device, carveoutPercent);
  if (preferred >= allocatedPerBlock) return preferred;
  if (majorMinor(device.computeCapability).first < 7) return device.sharedMemPerSmBytes;
  for (int size : sharedMemConfigurations(device))
    if (size >= allocatedPerBlock) return size;
  return device.sharedMemPerSmBytes;
}

}  // namespace

std::vector<int> sharedMemConfigurations(const DeviceInfo& device) {
  const auto [major, minor] = majorMinor(device.computeCapability);
  std::vector<int> kib;
  if (major == 2) kib = {16, 48};
  else if (major >= 3 && major <= 6) {
    // Kepler's L1/shared split (prefer L1, equal, prefer shared); Maxwell and Pascal have a fixed
    // shared memory, which the high end of the same formula gives.
    const int high = device.sharedMemPerSmBytes / kKiB;
    kib = major == 3 ? std::vector<int>{high - 32, high - 16, high} : std::vector<int>{high};
  } else if (major == 7) kib = minor == 5 ? std::vector<int>{32, 64} : std::vector<int>{0, 8, 16, 32, 64, 96};
  else if (major == 8) kib = (minor == 0 || minor == 7) ? std::vector<int>{0, 8, 16, 32, 64, 100, 132, 164}
                                                        : std::vector<int>{0, 8, 16, 32, 64, 100};
  else if (major == 9) kib = {0, 8, 16, 32, 64, 100, 132, 164, 196, 228};
  std::vector<int> bytes;
  for (int k : kib)
    if (k * kKiB <= device.sharedMemPerSmBytes) bytes.push_back(k * kKiB);
  if (bytes.empty() || bytes.back() < device.sharedMemPerSmBytes) bytes.push_back(device.sharedMemPerSmBytes);
  return bytes;
}

int preferredSharedMemPerSm(const DeviceInfo& device, int carveoutPercent) {
  if (carveoutPercent < 0) return device.sharedMemPerSmBytes;
  const long long wanted = static_cast<long long>(carveoutPercent) * device.sharedMemPerSmBytes / 100;
  for (int size : sharedMemConfigurations(device))
    if (size >= wanted) return size;
  return device.sharedMemPerSmBytes;
}

sim::OccupancyRules architectureOccupancyRules(const std::string& computeCapability) {
  const auto [major, minor] = majorMinor(computeCapability);
  sim::OccupancyRules rules;
  if (major == 2) {
    rules.registerAllocationUnit = 64;
    rules.registerFilePartitions = 1;
    rules.maxRegistersPerThread = 63;
    rules.sharedMemAllocationUnit = 128;
    return rules;
  }
  rules.registerAllocationUnit = 256;
  rules.registerFilePartitions = (major == 6 && minor == 0) ? 2 : 4;
  rules.maxRegistersPerThread = 255;  // the compiler's cap (cuda_occupancy.h checks 256 from 7.0 on)
  rules.sharedMemAllocationUnit = major >= 8 ? 128 : 256;
  return rules;
}

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
  r.sharedBytesPerSm = sharedMemPerSmFor(device, request.carveoutPercent, r.sharedBytesPerBlockAllocated);
  int smemBlocks = INT_MAX;
  if (request.sharedBytesPerBlock > device.sharedMemPerBlockMaxBytes) {
    smemBlocks = 0;
    if (r.infeasible.empty())
      r.infeasible = "a block may have at most " + std::to_string(device.sharedMemPerBlockMaxBytes) +
                     " bytes of shared memory";
  } else if (r.sharedBytesPerBlockAllocated > 0) {
    smemBlocks = r.sharedBytesPerSm / r.sharedBytesPerBlockAllocated;
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
  const int smemPerSm = device.sharedMemPerSmBytes;
  r.sharedBytesPerSm = smemPerSm;
  r.limits = {{OccupancyLimiter::Warps, device.maxThreadsPerSm / request.threadsPerBlock},
              {OccupancyLimiter::Registers, regsPerBlock > 0 ? device.registersPerSm / regsPerBlock : INT_MAX},
              {OccupancyLimiter::SharedMemory,
               request.sharedBytesPerBlock > 0 ? smemPerSm / request.sharedBytesPerBlock : INT_MAX},
              {OccupancyLimiter::Blocks, device.maxBlocksPerSm}};
  return finish(device, std::move(r));
}

int dynamicSharedBytesForBlocks(const sim::DeviceProfile& profile, int blocksPerSm) {
  const DeviceInfo& d = profile.info;
  if (blocksPerSm <= 0) return 0;
  // The smallest allocation (a multiple of the unit) of which no more than blocksPerSm fit:
  // more than S / (N + 1) bytes each. The CUDA backend binary-searches the same boundary.
  const int allocation = roundUp(d.sharedMemPerSmBytes / (blocksPerSm + 1) + 1, profile.occupancy.sharedMemAllocationUnit);
  const int dynamic = std::min(allocation - d.reservedSharedMemPerBlockBytes, d.sharedMemPerBlockMaxBytes);
  return std::max(0, dynamic);
}

}  // namespace warpscope::labs
