#pragma once
/// \file block_scheduling_model.h
/// The block scheduler modelled (mechanism "block_scheduler", docs/labs/block-scheduling.md):
/// blocks leave the grid in id order, each for the block slot that frees first; at the start all
/// slots are free and the ties go breadth first (slot 1 of every SM, then slot 2, ...); an SM
/// starts at most block_launch_rate_per_sm_per_us blocks a microsecond; a block holds its slot for
/// its work plus block_overhead_ns; the kernel's time adds kernel_launch_us.

#include <vector>

#include "labs/block_scheduling/block_scheduling_lab.h"
#include "mechanisms/block_scheduler.h"

namespace warpscope::labs {

/// The records `blocks` blocks of the plan would leave (SM ids 0..N-1, times from 0 ns).
std::vector<BlockRecord> modelGridRecords(const GridPlan& plan, int blocks, const BlockScheduler& scheduler);

/// The kernel time of a grid of `blocks` blocks: launch, then to the last block's slot freeing, us.
double modelGridTimeUs(const GridPlan& plan, int blocks, const BlockScheduler& scheduler);

/// LabDefinition::simulate.
RunResult simulateBlockScheduling(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
