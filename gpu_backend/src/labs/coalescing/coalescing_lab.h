#pragma once
// Lab "coalescing" (seed 002, "Coalesced Access"): a warp reads and writes elements at a stride,
// from an offset, and the memory system moves whole 32-byte sectors of 128-byte lines whatever
// the threads use of them. Useful and moved GB/s against the stride, the sectors each warp
// request touches (the model's rule beside the GPU's own counters), and one warp's 32 addresses
// drawn over the lines and sectors they touch.
//
// The room's core, shared by both backends: the declaration, the plan, the per-stride records
// both backends fill, and their assembly into views and scalars.

#include <string>
#include <vector>

#include "labs/coalescing/coalescing_matrix.h"
#include "labs/coalescing/coalescing_shape.h"
#include "core/lab_definition.h"
#include "mechanisms/memory_transactions.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kCoalescingId = "coalescing";

/// The declaration (built once).
const LabSpec& coalescingSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition coalescingLab();

/// What one run asks: the element size and offset shared by every point, and the strides.
struct CoalescingPlan {
  int elementBytes = 4;
  int offsetElements = 0;
  std::vector<int> strides;  ///< Every sweep stride (and the focus's), or only the focus's.
  int focusStride = 1;
  int matrixSide = kMatrixDefaultSide;  ///< The 2D case's matrix...
  bool matrix = false;                  ///< ... copied in full runs only (a stride step skips it).
};
CoalescingPlan coalescingPlan(const ParamSet& params, RunScope scope);

/// The byte addresses one warp (warp 0: every warp has the same alignment) accesses, relative to
/// the 256-byte aligned buffer start.
std::vector<std::uint64_t> coalescingWarpAddresses(int elementBytes, int offsetElements, int stride);

/// The rule's answer for one stride: the footprint of one warp's load (its store is the same).
WarpFootprint coalescingFootprint(const CoalescingPlan& plan, int stride, const MemoryTransactions& rule);

/// One stride's record, filled by either backend.
struct CoalescingPoint {
  int stride = 1;
  WarpFootprint model;          ///< The rule's footprint of one warp.
  double usefulGBs = 0;         ///< Bytes the threads read + wrote / time (median).
  double usefulGBsMin = 0;      ///< Spread: slowest repetition...
  double usefulGBsMax = 0;      ///< ... and fastest.
  double movedGBs = 0;          ///< DRAM bytes moved / time: the model's, or the counters' on a GPU (0: none).
  double modelUsefulGBs = 0;    ///< The model's useful GB/s (both backends draw it).
  // The GPU's counters (negative: not read).
  double loadSectorsPerRequest = -1;
  double storeSectorsPerRequest = -1;
};

/// The run's records plus what they are judged against.
struct CoalescingRun {
  CoalescingPlan plan;
  MemoryTransactions rule;
  std::vector<CoalescingPoint> points;
  double memcpyGBs = 0;       ///< cudaMemcpy device-to-device (measured, or the model's).
  long long elements = 0;     ///< Elements copied per launch at the focus stride.
  std::vector<CoalescingMatrixPoint> matrix;  ///< The 2D case: one per mapping (empty: not run).
  bool measured = false;
};

/// Views (GB/s vs stride, sectors per request vs stride, the warp's addresses, and in full runs the
/// 2D case's bars), scalars and notes.
RunResult assembleCoalescingResult(const DeviceInfo& device, const ParamSet& params, const CoalescingRun& run,
                                   RunScope scope);

/// The grid of one warp's accesses: rows are the 128-byte lines it touches, columns their 32-byte
/// sectors, each moved sector labelled with the lanes that use it; frames add one lane at a time.
View coalescingWarpGrid(const CoalescingPlan& plan, int stride, const MemoryTransactions& rule);

/// Bench targets: stride 1 near cudaMemcpy (GPU), sectors per request as the rule says.
std::vector<BenchCheck> coalescingBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
