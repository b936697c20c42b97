#include "labs/latency_memory/latency_memory_model.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "labs/latency_memory/latency_memory_lab.h"

namespace warpscope::labs {

using sim::DeviceProfile;
using sim::OccupancyRules;
namespace {

int divideRoundUp(int x, int y) { return (x + y - 1) / y; }
int roundUp(int x, int y) { return y * divideRoundUp(x, y); }

}  // namespace

CopyKernelParams copyKernelParams(const DeviceProfile& profile) {
  CopyKernelParams k;
  k.maxBytesInFlightPerWarp = static_cast<int>(profile.param("copy_kernel", "max_bytes_in_flight_per_warp", 0, 1 << 20));
  k.registersBase = static_cast<int>(profile.param("copy_kernel", "registers_base", 1, 255));
  k.registersPer4Bytes = profile.param("copy_kernel", "registers_per_4_bytes", 0, 16);
  return k;
}

// ---- Occupancy -------------------------------------------------------------------------------

int copyKernelRegistersPerThread(const DeviceProfile& profile, int bytesPerThread) {
  const CopyKernelParams k = copyKernelParams(profile);
  const double regs = k.registersBase + k.registersPer4Bytes * std::ceil(std::max(0, bytesPerThread) / 4.0);
  return std::min(profile.occupancy.maxRegistersPerThread, static_cast<int>(std::ceil(regs)));
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

double copyReadBytesInFlight(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm,
                             int bytesPerThread) {
  const DeviceInfo& d = profile.info;
  if (threadsPerBlock <= 0 || blocksPerSm <= 0 || bytesPerThread <= 0) return 0.0;
  const int fullWarps = threadsPerBlock / d.warpSize;
  const int partialThreads = threadsPerBlock % d.warpSize;
  const auto warpBytes = [&](int threads) {
    const double asked = static_cast<double>(threads) * bytesPerThread;
    const int cap = copyKernelParams(profile).maxBytesInFlightPerWarp;
    return cap > 0 ? std::min(asked, static_cast<double>(cap)) : asked;
  };
  const double perBlock = fullWarps * warpBytes(d.warpSize) + (partialThreads > 0 ? warpBytes(partialThreads) : 0.0);
  return static_cast<double>(d.smCount) * blocksPerSm * perBlock;
}

double copyBandwidthGBs(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm, int bytesPerThread) {
  const double inFlight = copyReadBytesInFlight(profile, threadsPerBlock, blocksPerSm, bytesPerThread);
  if (inFlight <= 0) return 0.0;
  const DramSystem dram = dramSystem(profile);
  const BlockScheduler blocks = blockScheduler(profile);
  const double ceiling = copyKernelCeilingGBs(profile);
  // A block's loads are in flight for the loaded latency L(rho) out of every L(rho) + overhead
  // (1 GB/s x 1 ns = 1 byte). Only reads stall a thread; the copy moves as many bytes again in
  // writes, hence X / 2. Folding the overhead in: D = a rho (1 + q' rho / (2 (1 - rho))) with
  // a = ceiling / 2 x (L0 + overhead) and q' = q L0 / (L0 + overhead).
  const double cycle = dram.latencyNs + blocks.overheadNs;
  const double a = ceiling / 2.0 * cycle;
  const double q = dram.loadedLatencyQueueing * dram.latencyNs / cycle;
  // Rearranged to a (q/2 - 1) rho^2 + (a + D) rho - D = 0; its root in [0, 1), written in the
  // cancellation-free form. For q = 0 it reduces to min(1, D / a), the hard min.
  const double b = a + inFlight;
  const double discriminant = (a - inFlight) * (a - inFlight) + 2.0 * a * q * inFlight;
  const double rho = std::min(1.0, 2.0 * inFlight / (b + std::sqrt(discriminant)));
  double gbps = rho * ceiling;
  // Every block of the grid is started by its SM's block scheduler: with tiny blocks that rate,
  // not DRAM, is the limit (1 block/us = 1e-3 blocks/ns).
  if (blocks.launchRatePerSmPerUs > 0) {
    const double bytesPerBlock = 2.0 * threadsPerBlock * bytesPerThread;
    gbps = std::min(gbps, profile.info.smCount * blocks.launchRatePerSmPerUs * 1e-3 * bytesPerBlock);
  }
  return gbps;
}

RunResult simulateLatencyMemory(const DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  const DramSystem dram = dramSystem(profile);
  const BlockScheduler blocks = blockScheduler(profile);
  const CopyKernelParams kernel = copyKernelParams(profile);
  const auto plan = memoryPlan(device, request.params, request.scope);

  std::vector<MemMeasurement> points;
  points.reserve(plan.size());
  int registerLimited = 0;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const MemConfig& c = plan[i].config;
    monitor.step(i, plan.size(),
                 std::to_string(c.bytesPerThread()) + " B/thread, " + std::to_string(c.blocksPerSm) + " blocks per SM");
    const CopyOccupancy occupancy = copyKernelOccupancy(profile, c.threadsPerBlock, c.blocksPerSm, c.bytesPerThread());
    // The lab forces exactly c.blocksPerSm blocks with shared memory. When registers, thread
    // slots or the block limit allow fewer, or the allocation unit skips that level, it cannot be
    // forced: like the CUDA backend (and its occupancy API), report 0 so the point is left out.
    const bool resident = occupancy.blocksPerSm == c.blocksPerSm;
    if (!resident && occupancy.limiter == "registers") ++registerLimited;
    const int achieved = resident ? c.blocksPerSm : 0;
    const double gbps = resident ? copyBandwidthGBs(profile, c.threadsPerBlock, achieved, c.bytesPerThread()) : 0.0;
    points.push_back({plan[i], achieved, gbps, gbps, gbps});
  }
  monitor.done();
  const double memcpy = memcpyGBs(profile);
  RunResult result = assembleMemoryResult(device, request.params, points, memcpy, memcpy, memcpy, request.scope);

  const double ceiling = copyKernelCeilingGBs(profile);
  const double neededBytes = ceiling / 2.0 * (dram.latencyNs + blocks.overheadNs);
  result.scalars.push_back({"model.dram_latency_ns", "Model: unloaded DRAM latency", dram.latencyNs, "ns"});
  result.scalars.push_back({"model.copy_ceiling_gbps", "Model: best streaming copy kernel (saturation)", ceiling, "GB/s"});
  result.scalars.push_back({"model.needed_bytes_in_flight_kib",
                            "Model: loaded bytes in flight (whole GPU) to saturate at unloaded latency",
                            neededBytes / 1024.0, "KiB"});
  std::ostringstream why;
  why << "Model: read bytes in flight = SMs x blocks x warps x min(32 x bytes per thread, "
      << (kernel.maxBytesInFlightPerWarp > 0 ? std::to_string(kernel.maxBytesInFlightPerWarp) + " B" : std::string("no limit"))
      << "); Little's law: reads = in flight / (loaded latency + " << blocks.overheadNs
      << " ns block overhead), copy = 2 x reads, saturating at " << ceiling << " GB/s. Unloaded latency "
      << dram.latencyNs << " ns grows as an M/D/1 queue fills (q = " << dram.loadedLatencyQueueing << ")";
  if (blocks.launchRatePerSmPerUs > 0) why << "; at most " << blocks.launchRatePerSmPerUs << " blocks start per SM per us";
  why << ". cudaMemcpy = " << dram.memcpyFractionOfDram << " x " << device.dramBandwidthGBs << " GB/s.";
  result.notes.push_back(why.str());
  if (registerLimited > 0) {
    std::ostringstream regs;
    regs << registerLimited << " configurations were left out because the copy kernel's registers ("
         << kernel.registersBase << " + " << kernel.registersPer4Bytes
         << " per 4 bytes per thread) run out before that many blocks fit.";
    result.notes.push_back(regs.str());
  }
  return result;
}

}  // namespace warpscope::labs
