#include "sim/latency_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace warpscope::sim {
namespace {

int divideRoundUp(int x, int y) { return (x + y - 1) / y; }
int roundUp(int x, int y) { return y * divideRoundUp(x, y); }

}  // namespace

// ---- Arithmetic ------------------------------------------------------------------------------

double fp32WarpIssueRatePerScheduler(const DeviceInfo& device) {
  return static_cast<double>(device.fp32LanesPerSm) / device.schedulersPerSm / device.warpSize;
}

double neededWarpFmasInFlightPerScheduler(const DeviceInfo& device, const ModelParams& model) {
  return model.fmaLatencyCycles * fp32WarpIssueRatePerScheduler(device);
}

double arithFractionOfPeak(const DeviceInfo& device, const ModelParams& model, int threadsPerSm, int ilp) {
  if (threadsPerSm <= 0 || ilp <= 0) return 0.0;
  threadsPerSm = std::min(threadsPerSm, device.maxThreadsPerSm);
  const int warps = divideRoundUp(threadsPerSm, device.warpSize);
  const int schedulers = device.schedulersPerSm;
  // Beyond maxUsefulIlp the hardware stops overlapping a warp's independent FMAs (Volkov: GF100
  // "doesn't scale past ILP=4"), so the extra chains only lengthen the warp's instruction stream.
  const int usefulIlp = std::min(ilp, model.maxUsefulIlp);
  const double needed = neededWarpFmasInFlightPerScheduler(device, model);

  // Round robin: warp w goes to scheduler w % schedulers, so the first (warps % schedulers)
  // schedulers hold one warp more. Every warp has the same work, and the kernel ends when the
  // busiest scheduler does (makespan): a scheduler with w warps issuing at min(1, w x ILP / needed)
  // of its rate takes w / that rate. A saturated scheduler holding one warp more than the others
  // therefore stretches the whole run: 5 warps at ILP 8 on Hopper's 4 schedulers reach only 5/8
  // of peak (the sawtooth measured on the H200, docs/model.md).
  double longest = 0.0;  // in units of one warp's work at the full issue rate
  for (int s = 0; s < schedulers; ++s) {
    const int warpsHere = warps / schedulers + (s < warps % schedulers ? 1 : 0);
    if (warpsHere == 0) continue;
    const double issueShare = std::min(1.0, warpsHere * usefulIlp / needed);
    longest = std::max(longest, warpsHere / issueShare);
  }
  const double laneUse = static_cast<double>(threadsPerSm) / (warps * device.warpSize);
  return warps / (schedulers * longest) * laneUse;
}

// ---- Occupancy -------------------------------------------------------------------------------

int copyKernelRegistersPerThread(const DeviceProfile& profile, int bytesPerThread) {
  const auto& r = profile.model.copyRegisters;
  const double regs = r.base + r.per4Bytes * std::ceil(std::max(0, bytesPerThread) / 4.0);
  return std::min(profile.occupancy.maxRegistersPerThread, static_cast<int>(std::ceil(regs)));
}

int dynamicSharedBytesForBlocks(const DeviceProfile& profile, int blocksPerSm) {
  const DeviceInfo& d = profile.info;
  if (blocksPerSm <= 0) return 0;
  // The smallest allocation (a multiple of the unit) of which no more than blocksPerSm fit:
  // more than S / (N + 1) bytes each. The CUDA backend binary-searches the same boundary.
  const int allocation = roundUp(d.sharedMemPerSmBytes / (blocksPerSm + 1) + 1, profile.occupancy.sharedMemAllocationUnit);
  const int dynamic = std::min(allocation - d.reservedSharedMemPerBlockBytes, d.sharedMemPerBlockMaxBytes);
  return std::max(0, dynamic);
}

CopyOccupancy copyKernelOccupancy(const DeviceProfile& profile, int threadsPerBlock, int requestedBlocksPerSm,
                                  int bytesPerThread) {
  const DeviceInfo& d = profile.info;
  const OccupancyRules& rules = profile.occupancy;
  CopyOccupancy result;
  result.registersPerThread = copyKernelRegistersPerThread(profile, bytesPerThread);
  result.dynamicSharedBytesPerBlock = dynamicSharedBytesForBlocks(profile, requestedBlocksPerSm);
  if (threadsPerBlock <= 0 || threadsPerBlock > d.maxThreadsPerBlock || requestedBlocksPerSm <= 0) {
    result.limiter = "threads";
    return result;
  }
  const int warpsPerBlock = divideRoundUp(threadsPerBlock, d.warpSize);

  const int byThreads = (d.maxThreadsPerSm / d.warpSize) / warpsPerBlock;
  const int byBlocks = d.maxBlocksPerSm;

  // Registers go to warps in allocation units, separately in each register-file partition.
  const int regsPerWarp = roundUp(result.registersPerThread * d.warpSize, rules.registerAllocationUnit);
  const int warpsPerPartition = (d.registersPerSm / rules.registerFilePartitions) / regsPerWarp;
  const int byRegisters = warpsPerPartition * rules.registerFilePartitions / warpsPerBlock;

  const int sharedPerBlock =
      roundUp(result.dynamicSharedBytesPerBlock + d.reservedSharedMemPerBlockBytes, rules.sharedMemAllocationUnit);
  const int byShared = sharedPerBlock > 0 ? d.sharedMemPerSmBytes / sharedPerBlock : std::numeric_limits<int>::max();

  result.blocksPerSm = byThreads;
  result.limiter = "threads";
  if (byBlocks < result.blocksPerSm) { result.blocksPerSm = byBlocks; result.limiter = "blocks"; }
  if (byRegisters < result.blocksPerSm) { result.blocksPerSm = byRegisters; result.limiter = "registers"; }
  if (byShared < result.blocksPerSm) { result.blocksPerSm = byShared; result.limiter = "shared memory"; }
  return result;
}

// ---- Memory bandwidth ------------------------------------------------------------------------

double copyKernelCeilingGBs(const DeviceProfile& profile) {
  return profile.model.copyKernelFractionOfDram * profile.info.dramBandwidthGBs;
}

double memcpyGBs(const DeviceProfile& profile) {
  return profile.model.memcpyFractionOfDram * profile.info.dramBandwidthGBs;
}

double loadedLatencyNs(const ModelParams& model, double utilization) {
  const double rho = std::clamp(utilization, 0.0, 1.0);
  if (rho >= 1.0) return std::numeric_limits<double>::infinity();
  return model.dramLatencyNs * (1.0 + model.loadedLatencyQueueing * rho / (2.0 * (1.0 - rho)));
}

double copyReadBytesInFlight(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm,
                             int bytesPerThread) {
  const DeviceInfo& d = profile.info;
  if (threadsPerBlock <= 0 || blocksPerSm <= 0 || bytesPerThread <= 0) return 0.0;
  const int fullWarps = threadsPerBlock / d.warpSize;
  const int partialThreads = threadsPerBlock % d.warpSize;
  const auto warpBytes = [&](int threads) {
    const double asked = static_cast<double>(threads) * bytesPerThread;
    const int cap = profile.model.maxBytesInFlightPerWarp;
    return cap > 0 ? std::min(asked, static_cast<double>(cap)) : asked;
  };
  const double perBlock = fullWarps * warpBytes(d.warpSize) + (partialThreads > 0 ? warpBytes(partialThreads) : 0.0);
  return static_cast<double>(d.smCount) * blocksPerSm * perBlock;
}

double copyBandwidthGBs(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm, int bytesPerThread) {
  const double inFlight = copyReadBytesInFlight(profile, threadsPerBlock, blocksPerSm, bytesPerThread);
  if (inFlight <= 0) return 0.0;
  const ModelParams& m = profile.model;
  const double ceiling = copyKernelCeilingGBs(profile);
  // A block's loads are in flight for the loaded latency L(rho) out of every L(rho) + overhead
  // (1 GB/s x 1 ns = 1 byte). Only reads stall a thread; the copy moves as many bytes again in
  // writes, hence X / 2. Folding the overhead in: D = a rho (1 + q' rho / (2 (1 - rho))) with
  // a = ceiling / 2 x (L0 + overhead) and q' = q L0 / (L0 + overhead).
  const double cycle = m.dramLatencyNs + m.blockOverheadNs;
  const double a = ceiling / 2.0 * cycle;
  const double q = m.loadedLatencyQueueing * m.dramLatencyNs / cycle;
  // Rearranged to a (q/2 - 1) rho^2 + (a + D) rho - D = 0; its root in [0, 1), written in the
  // cancellation-free form. For q = 0 it reduces to min(1, D / a), the hard min.
  const double b = a + inFlight;
  const double discriminant = (a - inFlight) * (a - inFlight) + 2.0 * a * q * inFlight;
  const double rho = std::min(1.0, 2.0 * inFlight / (b + std::sqrt(discriminant)));
  double gbps = rho * ceiling;
  // Every block of the grid is started by its SM's block scheduler: with tiny blocks that rate,
  // not DRAM, is the limit (1 block/us = 1e-3 blocks/ns).
  if (m.blockLaunchRatePerSmPerUs > 0) {
    const double bytesPerBlock = 2.0 * threadsPerBlock * bytesPerThread;
    gbps = std::min(gbps, profile.info.smCount * m.blockLaunchRatePerSmPerUs * 1e-3 * bytesPerBlock);
  }
  return gbps;
}

}  // namespace warpscope::sim
