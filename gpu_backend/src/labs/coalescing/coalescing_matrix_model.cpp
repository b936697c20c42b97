#include <algorithm>
#include <cmath>

#include "labs/coalescing/coalescing_matrix.h"
#include "labs/coalescing/coalescing_model.h"
#include "mechanisms/memory_transactions.h"

namespace warpscope::labs {

CoalescingMatrixRates coalescingMatrixModelRates(const sim::DeviceProfile& profile, MatrixMapping mapping, int side) {
  const MemoryTransactions rule = memoryTransactions(profile);
  const WarpFootprint f = matrixFootprint(mapping, side, rule);
  CoalescingMatrixRates r;
  // Does a sector stay in the L2 until every byte of it is copied? Thread per column: a warp's
  // own lanes fill its sectors. Thread per row: the other floats of a lane's sector are copied by
  // the warps of the next columns, `side` work items on; in between the launch reads one sector
  // and writes one write granule (at least a sector) per work item.
  const bool filledByItsWarp = f.sectors * static_cast<long long>(rule.sectorBytes) == f.usefulBytes;
  const double betweenUses = static_cast<double>(side) *
                             (rule.sectorBytes + std::max(rule.sectorBytes, rule.writeFillGranuleBytes));
  r.sectorsReused = filledByItsWarp || betweenUses <= static_cast<double>(profile.info.l2Bytes);
  // DRAM: the matrix once, as the coalesced strided copy moves it, or each warp's sectors for it
  // alone, as the strided copy at a stride of one row pitch does.
  const CoalescingPlan copy{.elementBytes = kMatrixElementBytes, .offsetElements = 0, .strides = {}, .focusStride = 1};
  r.dramLimitGBs = coalescingModelRates(profile, copy, r.sectorsReused ? 1 : side).usefulGBs;
  // L2: one request per line touched, for the load and for the store; each carries the useful
  // bytes of its line (read or written).
  const double usefulPerRequest = static_cast<double>(f.usefulBytes) / std::max(1, f.lines);
  r.l2LimitGBs = usefulPerRequest * rule.l2LineRequestsPerClock * profile.info.smClockMhz * 1e-3;
  const double p = rule.limitBlendExponent;
  r.usefulGBs = std::pow(std::pow(r.dramLimitGBs, -p) + std::pow(r.l2LimitGBs, -p), -1.0 / p);
  return r;
}

}  // namespace warpscope::labs
