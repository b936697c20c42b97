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

/// The run on a profile: every stride of the plan modelled (usefulGBs = modelUsefulGBs).
CoalescingRun coalescingModelRun(const sim::DeviceProfile& profile, const CoalescingPlan& plan);

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateCoalescing(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
