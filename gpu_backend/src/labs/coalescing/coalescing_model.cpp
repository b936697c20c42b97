#include "labs/coalescing/coalescing_model.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

#include "labs/coalescing/coalescing_lab.h"
#include "mechanisms/dram_system.h"
#include "mechanisms/memory_transactions.h"

namespace warpscope::labs {

CoalescingRates coalescingModelRates(const sim::DeviceProfile& profile, const CoalescingPlan& plan, int stride) {
  const MemoryTransactions rule = memoryTransactions(profile);
  const WarpFootprint f = coalescingFootprint(plan, stride, rule);
  const double sector = rule.sectorBytes;
  // The whole launch writes elements `stride` apart: at stride 1 the warps together fill every
  // granule they write; at any larger stride each written granule keeps a gap, which the L2 fills
  // from DRAM first.
  const std::vector<std::uint64_t> lanes = coalescingWarpAddresses(plan.elementBytes, plan.offsetElements, stride);
  const double fill = stride > 1 && rule.writeFillGranuleBytes > 0
                          ? static_cast<double>(rule.writeFillGranuleBytes) *
                                distinctUnits(lanes, plan.elementBytes, rule.writeFillGranuleBytes)
                          : 0.0;
  const double moved = sector * 2.0 * f.sectors + fill;
  const double useful = 2.0 * static_cast<double>(f.usefulBytes);
  // DRAM pays per line: k sectors per line move at k times the one-sector-per-line rate, up to the
  // streaming rate, the two limits blended as a p-norm; lines two or more apart cost more than
  // neighbouring ones (linear between).
  const double stream = copyKernelCeilingGBs(profile);
  const double sectorsPerLine = static_cast<double>(f.sectors) / std::max(1, f.lines);
  const double laneSpacingLines = static_cast<double>(stride) * plan.elementBytes / rule.lineBytes;
  const double nearness = std::clamp(2.0 - laneSpacingLines, 0.0, 1.0);
  const double oneSector = rule.singleSectorScatteredLineFraction +
                           (rule.singleSectorLineFraction - rule.singleSectorScatteredLineFraction) * nearness;
  const double lineLimit = sectorsPerLine * oneSector;
  const double p = rule.limitBlendExponent;
  const double fraction = std::pow(std::pow(lineLimit, -p) + 1.0, -1.0 / p);
  CoalescingRates r;
  r.movedGBs = stream * fraction;
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
    p.movedGBs = r.movedGBs;
    run.points.push_back(p);
  }
  if (plan.matrix)
    for (int m = 0; m < kMatrixMappingCount; ++m) {
      CoalescingMatrixPoint p;
      p.mapping = static_cast<MatrixMapping>(m);
      p.model = matrixFootprint(p.mapping, plan.matrixSide, run.rule);
      p.modelUsefulGBs = p.usefulGBs = p.usefulGBsMin = p.usefulGBsMax =
          coalescingMatrixModelRates(profile, p.mapping, plan.matrixSide).usefulGBs;
      run.matrix.push_back(p);
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
  why << std::fixed << std::setprecision(3);
  why << "Model: each warp's load and store touch the sectors the " << rule.sectorBytes << "-byte rule counts ("
      << rule.lineBytes << "-byte lines); a write that leaves gaps makes the L2 read each "
      << rule.writeFillGranuleBytes << "-byte granule from DRAM first. DRAM moves k sectors per line at k x "
      << rule.singleSectorLineFraction << " of the streaming copy's " << std::setprecision(0) << copyKernelCeilingGBs(profile) << std::setprecision(3) << " GB/s ("
      << rule.singleSectorScatteredLineFraction << " for lines two or more apart), blended with the streaming limit "
      << "as a " << std::setprecision(0) << rule.limitBlendExponent << "-norm. Useful GB/s = moved GB/s x useful bytes / moved bytes.";
  result.notes.push_back(why.str());
  if (plan.matrix) {
    const CoalescingMatrixRates row = coalescingMatrixModelRates(profile, MatrixMapping::ThreadPerRow, plan.matrixSide);
    std::ostringstream matrix;
    matrix << std::fixed << std::setprecision(0)
           << "Model, 2D case: every line a warp instruction touches is one L2 request, " << rule.l2LineRequestsPerClock
           << " per clock at " << profile.info.smClockMhz << " MHz. Thread per row: 32 requests of 4 useful bytes each "
           << "for the load and again for the store, an L2 limit of " << row.l2LimitGBs << " GB/s; "
           << (row.sectorsReused ? "each sector is used up by the warps of its 8 columns while still in the L2, so DRAM "
                                   "moves the matrix once (limit "
                                 : "the bytes touched between two uses of a sector exceed the L2, so each warp's sectors "
                                   "move for it alone (limit ")
           << row.dramLimitGBs << " GB/s).";
    result.notes.push_back(matrix.str());
  }
  return result;
}

}  // namespace warpscope::labs
