#pragma once
/// \file divergence_kernels.h
/// The divergence lab's kernels: one per control-flow family (no branch, if/else, nested if/else,
/// data-dependent loop, switch), each in a plain and an instrumented variant. Included by the
/// kernels (.cu) and by host code (launch, record decoding, output checks).
///
/// Every thread runs `reps` repetitions of its pattern's divergent region; each path is a chain of
/// work_fmas dependent FMAs (divergence_pattern.h). The instrumented variant brackets every path
/// segment: at entry __activemask(), %globaltimer and clock64(); at exit clock64(); then the
/// lowest active lane of the segment stores one DivergenceRecord. Records go to the warp's own
/// ring of recordCapacity slots at slot (rep x pathsPerRep + path) mod capacity: the traced
/// launch (kTraceReps repetitions) gets a ring that holds every segment; the timed instrumented
/// launches reuse a small ring (they pay the full recording cost; their records are not read).

#include <cuda_runtime_api.h>

#include <cstdint>

#include "labs/divergence/divergence_pattern.h"

namespace warpscope::labs {

/// One path segment of one warp, 32 bytes, written by the segment's lowest active lane.
struct alignas(16) DivergenceRecord {
  unsigned long long startClock;     ///< clock64() at the segment's entry (SM cycles, per-SM counter).
  unsigned long long endClock;       ///< clock64() after its last FMA.
  unsigned long long startGlobalNs;  ///< %globaltimer at entry (ns; 32 ns steps on Hopper).
  std::uint32_t mask;                ///< __activemask() at entry: the lanes running this path.
  std::uint16_t sm;                  ///< %smid of the warp.
  std::uint8_t path;                 ///< Path id (loop: iteration).
  std::uint8_t rep;                  ///< Repetition (mod 256).
};
static_assert(sizeof(DivergenceRecord) == 32, "one record is 32 bytes");

/// Everything a launch needs (one kernel argument).
struct DivergenceArgs {
  PatternShape shape;
  int reps = 1;
  float b = kWorkB;                      ///< 1.0, passed at run time so nothing folds.
  float* out = nullptr;                  ///< One float per thread.
  DivergenceRecord* records = nullptr;   ///< Instrumented only: warps x recordCapacity records.
  unsigned recordCapacity = 0;           ///< Per warp; a power of two.
};

/// Slots a warp's ring needs to keep every segment of `reps` repetitions (a power of two).
unsigned recordSlotsFor(const PatternShape& shape, int reps);

/// Launches blocks x threadsPerBlock threads of the pattern's kernel, instrumented or plain.
/// Returns cudaGetLastError().
cudaError_t launchDivergence(const DivergenceArgs& args, bool instrumented, unsigned blocks, unsigned threadsPerBlock);

/// The kernel a launch would run (for cudaFuncGetAttributes: registers, spills), or nullptr.
const void* divergenceKernel(const PatternShape& shape, bool instrumented);

}  // namespace warpscope::labs
