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
/// scheduler reaches min(1, its warps x min(ilp, maxUsefulIlp) / needed). Lanes of a partly
/// filled warp do no work, so a partial warp counts for its share of 32 lanes.
double arithFractionOfPeak(const DeviceInfo& device, const ModelParams& model, int threadsPerSm, int ilp);

// ---- Occupancy of the copy kernel (latency-memory) -------------------------------------------

/// Registers per thread the copy kernel needs to hold bytesPerThread loaded bytes, capped at the
/// architecture's per-thread limit (beyond it the compiler spills rather than fail).
int copyKernelRegistersPerThread(const DeviceProfile& profile, int bytesPerThread);

/// Dynamic shared memory per block that leaves room for exactly blocksPerSm blocks, the way the
/// lab forces occupancy (cudaOccAvailableDynamicSMemPerBlock): the SM's shared memory split
/// blocksPerSm ways, rounded down to the allocation unit, minus the runtime's reserved bytes,
/// capped at the per-block maximum. Never negative.
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
/// limits, computed like the CUDA occupancy calculator.
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

/// Read+write GB/s of the copy kernel with residentThreadsPerSm threads on every SM, each with
/// bytesPerThread loaded bytes in flight (all loads issue before the first store). Solves
/// Little's law for the reads, inFlight = (X / 2) x L(X / ceiling), for X in closed form.
double copyBandwidthGBs(const DeviceProfile& profile, int residentThreadsPerSm, int bytesPerThread);

}  // namespace warpscope::sim
