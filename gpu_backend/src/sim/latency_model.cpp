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
  // schedulers hold one warp more. An idle scheduler contributes 0.
  double busy = 0.0;
  for (int s = 0; s < schedulers; ++s) {
    const int warpsHere = warps / schedulers + (s < warps % schedulers ? 1 : 0);
    busy += std::min(1.0, warpsHere * usefulIlp / needed);
  }
  const double laneUse = static_cast<double>(threadsPerSm) / (warps * device.warpSize);
  return busy / schedulers * laneUse;
}

// ---- Occupancy -------------------------------------------------------------------------------

int copyKernelRegistersPerThread(const DeviceProfile& profile, int bytesPerThread) {
  const auto& r = profile.model.copyRegisters;
  const double regs = r.base + r.per4Bytes * std::ceil(std::max(0, bytesPerThread) / 4.0);
  return std::min(profile.occupancy.maxRegistersPerThread, static_cast<int>(std::ceil(regs)));
}

int dynamicSharedBytesForBlocks(const DeviceProfile& profile, int blocksPerSm) {
  const DeviceInfo& d = profile.info;
  const int unit = profile.occupancy.sharedMemAllocationUnit;
  if (blocksPerSm <= 0) return 0;
  const int share = (d.sharedMemPerSmBytes / blocksPerSm) / unit * unit;
  const int dynamic = std::min(share - d.reservedSharedMemPerBlockBytes, d.sharedMemPerBlockMaxBytes);
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

double copyBandwidthGBs(const DeviceProfile& profile, int residentThreadsPerSm, int bytesPerThread) {
  if (residentThreadsPerSm <= 0 || bytesPerThread <= 0) return 0.0;
  const double ceiling = copyKernelCeilingGBs(profile);
  // Bytes the loads keep in flight over the whole GPU (1 GB/s x 1 ns = 1 byte).
  const double inFlight = static_cast<double>(profile.info.smCount) * residentThreadsPerSm * bytesPerThread;
  // a: read bytes in flight that would sustain the ceiling at the unloaded latency. Only reads
  // stall a thread; the copy moves as many bytes again in writes, hence X / 2.
  const double a = ceiling / 2.0 * profile.model.dramLatencyNs;
  const double q = profile.model.loadedLatencyQueueing;
  // Little's law with loaded latency, D = a rho (1 + q rho / (2 (1 - rho))), rearranged to
  // a (q/2 - 1) rho^2 + (a + D) rho - D = 0. Its root in [0, 1), written in the cancellation-free
  // form; for q = 0 it reduces to min(1, D / a), the hard min.
  const double b = a + inFlight;
  const double discriminant = (a - inFlight) * (a - inFlight) + 2.0 * a * q * inFlight;
  const double rho = std::min(1.0, 2.0 * inFlight / (b + std::sqrt(discriminant)));
  return rho * ceiling;
}

}  // namespace warpscope::sim
