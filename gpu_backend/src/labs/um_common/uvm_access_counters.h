#pragma once
/// \file uvm_access_counters.h
/// Volta's access counters (seed 000, Sakharnykh, slides 42-43 'Unified memory on Volta+P9'):
/// memory mapped to the GPU stays where it is and the GPU reads it remotely; the hardware counts
/// the remote accesses to each region (access_counter_granularity_kib) and notifies the driver when
/// a region reaches access_counter_threshold, which then migrates the region. Only hot regions
/// move, later than a fault would have moved them. Against it, the fault-based default: the
/// first touch of a page faults and migrates it (with the density prefetch).

#include <cstdint>
#include <vector>

#include "labs/um_common/uvm_engine.h"
#include "warpscope/device.h"

namespace warpscope::labs::um {

/// What triggers a migration to the GPU.
enum class MigrationTrigger : int {
  FirstTouchFault,  ///< Pascal's default: the first access faults and migrates.
  AccessCounters,   ///< Volta+: remote access, migration after the threshold.
};

/// Bytes a kernel reads, in order: [firstByte, firstByte + bytes) of the allocation.
struct ByteRange {
  std::uint64_t firstByte = 0;
  std::uint64_t bytes = 0;
};

/// One phase of a kernel: ranges its warps read concurrently (their faults share batches).
using KernelPhase = std::vector<ByteRange>;

struct CountedAccessRun {
  double durationUs = 0;
  std::uint64_t localBytes = 0;     ///< Read from the GPU's own memory.
  std::uint64_t remoteBytes = 0;    ///< Read over the host link from a remote mapping.
  std::uint64_t notifications = 0;  ///< Access-counter notifications the driver serviced.
  /// Remote bytes read from regions before they migrated (the migration's delay, in bytes).
  std::uint64_t remoteBytesBeforeMigration = 0;
  double firstMigrationUs = -1;  ///< When the first migration to the GPU started (-1: none).
};

/// Runs the phases in order on `gpu` from nowUs. FirstTouchFault: each phase's untouched pages
/// fault (one entry per range's page, batches of fault_batch_count) and migrate, then the phase
/// reads locally. AccessCounters: the pages must already be mapped to the GPU (SetAccessedBy);
/// reads go over the link, counted per region, until a region reaches the threshold: the driver
/// then services the notification and migrates the region while the kernel reads on remotely.
CountedAccessRun runCountedAccesses(UvmEngine& engine, Processor gpu, const std::vector<KernelPhase>& phases,
                                    MigrationTrigger trigger, double nowUs);

}  // namespace warpscope::labs::um
