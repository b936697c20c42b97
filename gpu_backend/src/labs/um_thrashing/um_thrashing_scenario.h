#pragma once
/// \file um_thrashing_scenario.h
/// Lab "um-thrashing": CPU threads and a kernel touch the same pages at the same time, and the
/// driver's anti-thrashing heuristic (detect, throttle, pin and map remotely) steps in.

#include <cstdint>

#include "labs/um_common/um_policy.h"

namespace warpscope::labs {

/// One thrashing run. The kernel loops over the buffer for `durationMs` (a persistent kernel
/// that atomically increments a counter per element visited, so its work is checked) while
/// `cpuThreads` host threads write to the pages marked shared. sharedFraction of the pages are
/// written by both; the rest only by the GPU. falseSharingObjectsPerPage > 1 packs that many
/// small objects into each shared page, alternately owned by the CPU and the GPU (the seed's
/// hypre example): neither touches the other's data, but they share a page. The policy is the
/// mitigation (None: the driver's heuristic alone).
struct ThrashingScenario {
  std::uint64_t bufferBytes = 16ull << 20;
  double sharedFraction = 0.25;
  int falseSharingObjectsPerPage = 1;
  int cpuThreads = 2;
  double durationMs = 20;
  UmPolicy policy = UmPolicy::None;
};

}  // namespace warpscope::labs
