#pragma once
/// \file um_fault_path_scenario.h
/// Lab "um-fault-path" (Sakharnykh's fault path and the generations of unified memory): what one
/// configuration of its two comparisons is. The fault path's own example is
/// um::FaultPathExample (um_common/uvm_fault_path.h).

#include <cstdint>

#include "labs/um_common/uvm_access_counters.h"

namespace warpscope::labs {

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
