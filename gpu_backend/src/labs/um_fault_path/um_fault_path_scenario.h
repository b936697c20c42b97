#pragma once
/// \file um_fault_path_scenario.h
/// Lab "um-fault-path" (Sakharnykh's fault path and the generations of unified memory): what one
/// configuration of its comparisons is. The fault path's own example is um::FaultPathExample
/// (um_common/uvm_fault_path.h); the fault-group run is the same kernel over more pages.

#include <cstdint>

#include "labs/um_common/uvm_access_counters.h"

namespace warpscope::labs {

/// The fault-group run (seed slides 55-57): the example's kernel, warp w reading bytesPerWarp
/// bytes from w x bytesPerWarp, 8 warps a block, over `pages` 4 KiB pages of a managed buffer the
/// CPU wrote. The example's few warps fault once; this many fault again and again, so the
/// driver's batching shows: on the model its batches, on a GPU CUPTI's fault groups.
struct FaultGroupScenario {
  std::uint64_t pages = 4096;
  std::uint64_t bytesPerWarp = 128;
  [[nodiscard]] std::uint64_t bytes() const { return pages * 4096; }
  /// One warp at least (64 KiB per warp over 16 pages: one warp reads them all).
  [[nodiscard]] std::uint64_t warps() const { return (bytes() + bytesPerWarp - 1) / bytesPerWarp; }
};

/// How pages the CPU wrote reach a kernel (seed slides 40-41).
enum class PagingMode : int {
  OnDemand,  ///< Pascal and later: the kernel faults in the pages it touches.
  AtLaunch,  ///< Kepler and Maxwell: every dirty page moves to the GPU before the kernel starts.
};

/// A kernel reading the first touchedFraction of a buffer the CPU wrote, 4 KiB per warp.
struct PagingScenario {
  PagingMode mode = PagingMode::OnDemand;
  std::uint64_t bufferBytes = 64ull << 20;
  double touchedFraction = 0.1;
  bool traced = false;  ///< Record residency for the page map (the shown point only).
};

/// A kernel reading a hot set (the buffer's first hotBytes) hotPasses times and, in its first
/// pass, a few scattered lines of every other 2 MiB region (the cold data), from a buffer the CPU
/// wrote and mapped to the GPU (seed slides 42-43).
struct AccessScenario {
  um::MigrationTrigger trigger = um::MigrationTrigger::FirstTouchFault;
  std::uint64_t bufferBytes = 64ull << 20;
  std::uint64_t hotBytes = 8ull << 20;
  int hotPasses = 4;
};

}  // namespace warpscope::labs
