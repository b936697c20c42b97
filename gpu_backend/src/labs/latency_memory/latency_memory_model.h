#pragma once
/// \file latency_memory_model.h
/// The simulator's model of latency-memory (Volkov 2010, part II): Little's law, bytes in flight
/// needed = DRAM latency x bandwidth, evaluated from the profile's "dram", "block_scheduler" and
/// "copy_kernel" mechanisms.
/// Pure functions, no stored curves; docs/model.md derives every equation.

#include <string>

#include "core/run_monitor.h"
#include "mechanisms/block_scheduler.h"
#include "mechanisms/dram_system.h"
#include "mechanisms/occupancy_calculator.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

using sim::DeviceProfile;

/// The lab's copy kernel on this architecture (mechanism "copy_kernel").
struct CopyKernelParams {
  /// Load bytes one warp keeps in flight at most, whatever it asks for. 0: no limit.
  int maxBytesInFlightPerWarp = 0;
  /// Registers per thread: base + per4Bytes x (bytes per thread / 4), because every 4 loaded
  /// bytes live in one register until the stores (Volkov, part II).
  int registersBase = 10;
  double registersPer4Bytes = 1.0;
};

/// Reads and range-checks the copy_kernel mechanism (BadInputError naming the file and field).
CopyKernelParams copyKernelParams(const DeviceProfile& profile);


// ---- Occupancy of the copy kernel (latency-memory) -------------------------------------------

/// Registers per thread the copy kernel needs to hold bytesPerThread loaded bytes, capped at the
/// architecture's per-thread limit (beyond it the compiler spills rather than fail).
int copyKernelRegistersPerThread(const DeviceProfile& profile, int bytesPerThread);

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
