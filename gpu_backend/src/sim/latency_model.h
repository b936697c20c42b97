#pragma once
/// \file latency_model.h
/// The simulator's latency-hiding model (Volkov 2010, parts I and II): Little's law, needed
/// parallelism = latency x throughput, evaluated from a device profile's physical parameters.
/// Pure functions, no stored curves; docs/model.md derives every equation.

#include <string>

#include "sim/device_profile.h"

namespace warpscope::sim {

// ---- Arithmetic (latency-arith) --------------------------------------------------------------

/// Warp instructions one scheduler can issue per cycle onto its FP32 lanes:
/// (lanes per SM / schedulers per SM) / warp size. 0.5 on GF100, Volta and Ampere; 1 on Hopper.
double fp32WarpIssueRatePerScheduler(const DeviceInfo& device);

/// Little's law for one scheduler: independent warp FMAs that must be in flight to issue every
/// cycle = dependent FMA latency x issue rate. 9 on a GTX480 (18 cycles x 0.5).
double neededWarpFmasInFlightPerScheduler(const DeviceInfo& device, const ModelParams& model);

/// Fraction (0..1) of the theoretical FP32 peak reached with threadsPerSm resident threads, each
/// running ilp independent FMA chains. Warps are dealt round robin to the schedulers; each
/// scheduler issues at min(1, its warps x min(ilp, maxUsefulIlp) / needed) of its rate, and the
/// run lasts as long as the busiest scheduler needs for its warps (all warps do equal work), so
/// an uneven deal costs throughput even when every scheduler is saturated. Lanes of a partly
/// filled warp do no work, so a partial warp counts for its share of 32 lanes.
double arithFractionOfPeak(const DeviceInfo& device, const ModelParams& model, int threadsPerSm, int ilp);

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
double loadedLatencyNs(const ModelParams& model, double utilization);

/// Load bytes the whole GPU keeps in flight: SMs x blocks x warps x min(bytes a warp loads, the
/// per-warp limit). All of a thread's loads issue before its first store (Volkov, part II).
double copyReadBytesInFlight(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm,
                             int bytesPerThread);

/// Read+write GB/s of the copy kernel with blocksPerSm resident blocks of threadsPerBlock threads
/// on every SM, each thread moving bytesPerThread. Little's law for the reads over a block's
/// cycle, inFlight = (X / 2) x (L(X / ceiling) + block overhead), solved for X in closed form,
/// then capped by the rate at which SMs can start blocks.
double copyBandwidthGBs(const DeviceProfile& profile, int threadsPerBlock, int blocksPerSm, int bytesPerThread);

}  // namespace warpscope::sim
