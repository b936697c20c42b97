#pragma once
/// \file latency_memory_model.h
/// The simulator's model of latency-memory (Volkov 2010, part II): Little's law, bytes in flight
/// needed = DRAM latency x bandwidth, evaluated from the profile's "dram", "block_scheduler" and
/// "copy_kernel" mechanisms.
/// Pure functions, no stored curves; docs/model.md derives every equation.

#include <string>

#include "labs/run_monitor.h"
#include "sim/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

using sim::DeviceProfile;

/// DRAM (profile mechanism "dram").
struct DramSystem {
  double latencyNs = 0;                ///< Unloaded DRAM load latency, ns.
  double loadedLatencyQueueing = 0;    ///< q in L(rho) = L0 (1 + q rho / (2 (1 - rho))); 0: hard min.
  double copyKernelFractionOfDram = 0; ///< Best streaming copy kernel, read+write, / theoretical.
  double memcpyFractionOfDram = 0;     ///< cudaMemcpy device-to-device, read+write, / theoretical.
};

/// The SM's block scheduler (mechanism "block_scheduler").
struct BlockScheduler {
  /// Per-block time outside the load latency (launch, address math, store issue, retire), ns:
  /// the block's bytes are not in flight then. 0: negligible.
  double overheadNs = 0;
  /// Blocks an SM can start per microsecond; caps kernels of tiny blocks. 0: no limit.
  double launchRatePerSmPerUs = 0;
};

/// The lab's copy kernel on this architecture (mechanism "copy_kernel").
struct CopyKernelParams {
  /// Load bytes one warp keeps in flight at most, whatever it asks for. 0: no limit.
  int maxBytesInFlightPerWarp = 0;
  /// Registers per thread: base + per4Bytes x (bytes per thread / 4), because every 4 loaded
  /// bytes live in one register until the stores (Volkov, part II).
  int registersBase = 10;
  double registersPer4Bytes = 1.0;
};

/// Each reads and range-checks its mechanism (BadInputError naming the file and field).
DramSystem dramSystem(const DeviceProfile& profile);
BlockScheduler blockScheduler(const DeviceProfile& profile);
CopyKernelParams copyKernelParams(const DeviceProfile& profile);


// ---- Occupancy of the copy kernel (latency-memory) -------------------------------------------

/// Registers per thread the copy kernel needs to hold bytesPerThread loaded bytes, capped at the
/// architecture's per-thread limit (beyond it the compiler spills rather than fail).
int copyKernelRegistersPerThread(const DeviceProfile& profile, int bytesPerThread);

/// Dynamic shared memory per block with which at most blocksPerSm blocks fit, the way the lab
/// forces occupancy: the smallest per-block allocation (rounded up to the allocation unit) above
/// the SM's shared memory / (blocksPerSm + 1), minus the runtime's reserved bytes, capped at the
/// per-block maximum, never negative. Whether exactly blocksPerSm fit is copyKernelOccupancy's
/// answer: rounding to the unit can skip a level (V100, 23 blocks: 22 fit).
int dynamicSharedBytesForBlocks(const DeviceProfile& profile, int blocksPerSm);

/// What the occupancy calculator says about one copy-kernel launch.
struct CopyOccupancy {
  int blocksPerSm = 0;              ///< Resident blocks per SM; 0 when none fits.
  int registersPerThread = 0;
  int dynamicSharedBytesPerBlock = 0;
  std::string limiter;              ///< "threads", "blocks", "registers" or "shared memory".
};

/// Blocks of the copy kernel resident per SM when the lab asks for requestedBlocksPerSm (by
/// sizing dynamic shared memory): the minimum of the thread, block, register and shared-memory
/// limits, computed like the CUDA occupancy calculator. The request is met only when this equals
/// requestedBlocksPerSm; otherwise that occupancy cannot be forced on this device.
CopyOccupancy copyKernelOccupancy(const DeviceProfile& profile, int threadsPerBlock, int requestedBlocksPerSm,
                                  int bytesPerThread);

// ---- Memory bandwidth (latency-memory) -------------------------------------------------------

/// Read+write bandwidth of the best streaming copy kernel (the model's saturation), GB/s.
double copyKernelCeilingGBs(const DeviceProfile& profile);

/// cudaMemcpy device-to-device bandwidth (read+write), GB/s: the lab's reference ceiling.
double memcpyGBs(const DeviceProfile& profile);

/// Loaded DRAM latency in ns at utilization rho = copy bandwidth / copy ceiling (0 <= rho < 1):
/// L0 x (1 + q rho / (2 (1 - rho))), the M/D/1 mean queueing delay in units of L0.
double loadedLatencyNs(const DramSystem& dram, double utilization);

/// Load bytes the whole GPU keeps in flight: SMs x blocks x warps x min(bytes a warp loads, the
/// per-warp limit). All of a thread's loads issue before its first store (Volkov, part II).
double copyReadBytesInFlight(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm,
                             int bytesPerThread);

/// Read+write GB/s of the copy kernel with blocksPerSm resident blocks of threadsPerBlock threads
/// on every SM, each thread moving bytesPerThread. Little's law for the reads over a block's
/// cycle, inFlight = (X / 2) x (L(X / ceiling) + block overhead), solved for X in closed form,
/// then capped by the rate at which SMs can start blocks.
double copyBandwidthGBs(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm, int bytesPerThread);

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateLatencyMemory(const DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
