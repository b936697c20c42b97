#pragma once
/// \file coalescing_model.h
/// The simulator's model of coalescing: the sector rule (mechanisms/memory_transactions.h) says
/// how many 32-byte sectors each warp's load and store touch; DRAM moves those sectors, plus a
/// fill read for each sector left partly written, at the streaming copy's bandwidth
/// (mechanisms/dram_system.h) when lines are full and at a per-line rate when they are not.
/// docs/labs/coalescing.md derives it and lists the H200 measurements it was fitted to.

#include "labs/coalescing/coalescing_lab.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The model's rates for one stride.
struct CoalescingRates {
  double usefulGBs = 0;     ///< Bytes the threads read + write, per second.
  double movedGBs = 0;      ///< DRAM bytes read + written, per second.
  double movedPerUseful = 0;  ///< DRAM bytes per useful byte.
};

/// The model at one stride of the plan, on this profile.
CoalescingRates coalescingModelRates(const sim::DeviceProfile& profile, const CoalescingPlan& plan, int stride);

/// The model of the 2D case for one mapping (coalescing_matrix_model.cpp). Two limits meet in the
/// rates' p-norm (memory_transactions.limit_blend_exponent):
///   DRAM: when every sector a warp touches is used up while it is still in the L2 (its other
///     lanes' bytes are copied by the warps of the neighbouring columns, `side` work items later,
///     and the bytes touched in between fit in the L2), DRAM moves the matrix once, as the
///     coalesced copy does (the strided model at stride 1); otherwise each warp's sectors move for
///     it alone (the strided model at stride `side`).
///   L2: every line a warp instruction touches is one request to the L2, for its load and again
///     for its store: useful bytes per line x l2_line_requests_per_clock x the SM clock.
struct CoalescingMatrixRates {
  double usefulGBs = 0;      ///< Matrix bytes read + written per second.
  double dramLimitGBs = 0;   ///< What DRAM alone would allow.
  double l2LimitGBs = 0;     ///< What the L2's line requests alone would allow.
  bool sectorsReused = true; ///< Whether each sector is used up while in the L2.
};
CoalescingMatrixRates coalescingMatrixModelRates(const sim::DeviceProfile& profile, MatrixMapping mapping, int side);

/// The run on a profile: every stride of the plan modelled (usefulGBs = modelUsefulGBs), and the
/// 2D case's two mappings when the plan asks for them.
CoalescingRun coalescingModelRun(const sim::DeviceProfile& profile, const CoalescingPlan& plan);

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateCoalescing(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
