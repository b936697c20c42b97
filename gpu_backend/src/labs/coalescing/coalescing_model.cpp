#include "labs/coalescing/coalescing_model.h"

#include <algorithm>
#include <sstream>

#include "labs/coalescing/coalescing_lab.h"
#include "mechanisms/dram_system.h"
#include "mechanisms/memory_transactions.h"

namespace warpscope::labs {

CoalescingRates coalescingModelRates(const sim::DeviceProfile& profile, const CoalescingPlan& plan, int stride) {
  const MemoryTransactions rule = memoryTransactions(profile);
  const WarpFootprint f = coalescingFootprint(plan, stride, rule);
  const double sector = rule.sectorBytes;
  // One warp's load and store touch the same sectors; a partly written sector may cost a fill read.
  const double moved = sector * (2.0 * f.sectors + rule.partialWriteFillFraction * f.partialSectors);
  const double useful = 2.0 * static_cast<double>(f.usefulBytes);
  // DRAM moves whole lines best: sectors alone in their line run at isolatedSectorEfficiency of
  // the streaming rate, full lines at all of it, linearly between.
  const int sectorsPerLine = rule.lineBytes / rule.sectorBytes;
  const double perLine = static_cast<double>(f.sectors) / std::max(1, f.lines);
  const double fill = sectorsPerLine > 1 ? (perLine - 1.0) / (sectorsPerLine - 1.0) : 1.0;
  const double efficiency = rule.isolatedSectorEfficiency + (1.0 - rule.isolatedSectorEfficiency) * std::clamp(fill, 0.0, 1.0);
  CoalescingRates r;
  r.movedGBs = copyKernelCeilingGBs(profile) * efficiency;
  r.movedPerUseful = moved / useful;
  r.usefulGBs = r.movedGBs / r.movedPerUseful;
  return r;
}

CoalescingRun coalescingModelRun(const sim::DeviceProfile& profile, const CoalescingPlan& plan) {
  CoalescingRun run;
  run.plan = plan;
  run.rule = memoryTransactions(profile);
  run.memcpyGBs = memcpyGBs(profile);
  for (int stride : plan.strides) {
    CoalescingPoint p;
    p.stride = stride;
    p.model = coalescingFootprint(plan, stride, run.rule);
    const CoalescingRates r = coalescingModelRates(profile, plan, stride);
    p.modelUsefulGBs = p.usefulGBs = p.usefulGBsMin = p.usefulGBsMax = r.usefulGBs;
    p.modelMovedGBs = p.movedGBs = r.movedGBs;
    run.points.push_back(p);
  }
  return run;
}

RunResult simulateCoalescing(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const CoalescingPlan plan = coalescingPlan(request.params, request.scope);
  monitor.step(0, 1, "the sector rule and the DRAM model");
  const CoalescingRun run = coalescingModelRun(profile, plan);
  monitor.done();
  RunResult result = assembleCoalescingResult(profile.info, request.params, run, request.scope);
  const MemoryTransactions& rule = run.rule;
  std::ostringstream why;
  why.precision(3);
  why << "Model: each warp's load and store touch the sectors the " << rule.sectorBytes << "-byte rule counts ("
      << rule.lineBytes << "-byte lines); DRAM moves them at the streaming copy's " << copyKernelCeilingGBs(profile)
      << " GB/s, " << rule.isolatedSectorEfficiency
      << " of it for sectors alone in their line; a partly written sector costs " << rule.partialWriteFillFraction
      << " of a sector in fill reads. Useful GB/s = moved GB/s x useful bytes / moved bytes.";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
