#include "labs/block_scheduling/block_scheduling_model.h"

#include <algorithm>
#include <queue>
#include <sstream>
#include <tuple>

namespace warpscope::labs {

namespace {

/// A block slot of an SM and when it is free again; ordered for a min-heap by (free time, slot,
/// SM): at equal times the scheduler fills one slot of every SM before a second.
struct Slot {
  double freeNs = 0;
  int slot = 0;
  int sm = 0;
  bool operator>(const Slot& o) const { return std::tie(freeNs, slot, sm) > std::tie(o.freeNs, o.slot, o.sm); }
};

/// Dispatches `blocks` blocks; calls onBlock(block, sm, startNs, endNs) for each, returns the time
/// the last slot frees, ns.
template <typename OnBlock>
double dispatch(const GridPlan& plan, int blocks, const BlockScheduler& scheduler, OnBlock onBlock) {
  std::priority_queue<Slot, std::vector<Slot>, std::greater<>> free;
  for (int s = 0; s < plan.residency; ++s)
    for (int sm = 0; sm < plan.smCount; ++sm) free.push({0, s, sm});
  // The earliest an SM may start its next block: its launch rate spaces them out.
  const double startGapNs = scheduler.launchRatePerSmPerUs > 0 ? 1000.0 / scheduler.launchRatePerSmPerUs : 0;
  std::vector<double> smNextStart(plan.smCount, 0);
  double lastFree = 0;
  for (int b = 0; b < blocks; ++b) {
    Slot slot = free.top();
    free.pop();
    const double start = std::max(slot.freeNs, smNextStart[slot.sm]);
    smNextStart[slot.sm] = start + startGapNs;
    const double end = start + static_cast<double>(plan.workNs(static_cast<unsigned>(b)));
    onBlock(b, slot.sm, start, end);
    slot.freeNs = end + scheduler.overheadNs;
    lastFree = std::max(lastFree, slot.freeNs);
    free.push(slot);
  }
  return lastFree;
}

}  // namespace

std::vector<BlockRecord> modelGridRecords(const GridPlan& plan, int blocks, const BlockScheduler& scheduler) {
  std::vector<BlockRecord> records(static_cast<std::size_t>(blocks));
  dispatch(plan, blocks, scheduler, [&](int b, int sm, double start, double end) {
    records[b] = {static_cast<unsigned long long>(start), static_cast<unsigned long long>(end),
                  static_cast<std::uint32_t>(sm), static_cast<std::uint32_t>(plan.threadsPerBlock)};
  });
  return records;
}

double modelGridTimeUs(const GridPlan& plan, int blocks, const BlockScheduler& scheduler) {
  const double lastFreeNs = dispatch(plan, blocks, scheduler, [](int, int, double, double) {});
  return scheduler.kernelLaunchUs + lastFreeNs / 1000.0;
}

RunResult simulateBlockScheduling(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  const BlockScheduler scheduler = blockScheduler(profile);
  const OccupancyResult occupancy = schedulingOccupancy(device, profile.occupancy, request.params);
  const GridPlan plan = gridPlan(device, request.params, occupancy.blocksPerSm);

  std::vector<GridTime> times;
  for (std::size_t i = 0; i < plan.sweepBlocks.size(); ++i) {
    monitor.step(i, plan.sweepBlocks.size() + 1, std::to_string(plan.sweepBlocks[i]) + " blocks");
    const double us = modelGridTimeUs(plan, plan.sweepBlocks[i], scheduler);
    times.push_back({plan.sweepBlocks[i], us, us, us});
  }
  monitor.step(plan.sweepBlocks.size(), plan.sweepBlocks.size() + 1, "the traced grid");
  const std::vector<BlockRecord> records = modelGridRecords(plan, plan.blocks, scheduler);
  monitor.done();

  RunResult result = assembleBlockSchedulingResult(device, request.params, plan, occupancy, records, times);
  result.provenance = Provenance::Simulated;
  std::ostringstream model;
  model << "Model: blocks leave the grid in id order for the slot that frees first (all free at the start, "
           "filled breadth first: one block on every SM before a second); an SM starts at most "
        << scheduler.launchRatePerSmPerUs << " blocks a microsecond; a slot is busy " << scheduler.overheadNs
        << " ns beyond its block's work; a kernel's time adds " << scheduler.kernelLaunchUs
        << " us of launch and drain. Residency by CUDA's occupancy rules for this kernel ("
        << kSchedulingKernelRegisters << " registers per thread).";
  result.notes.push_back(model.str());
  return result;
}

}  // namespace warpscope::labs
