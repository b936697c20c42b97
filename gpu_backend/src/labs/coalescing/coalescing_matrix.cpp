#include "labs/coalescing/coalescing_matrix.h"

#include <sstream>

#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

constexpr int kWarpLanes = 32;

const CoalescingMatrixPoint* pointFor(const std::vector<CoalescingMatrixPoint>& points, MatrixMapping mapping) {
  for (const CoalescingMatrixPoint& p : points)
    if (p.mapping == mapping) return &p;
  return nullptr;
}

std::string scalarKey(MatrixMapping mapping) {
  return mapping == MatrixMapping::ThreadPerColumn ? "column" : "row";
}

}  // namespace

std::string matrixMappingName(MatrixMapping mapping) {
  return mapping == MatrixMapping::ThreadPerColumn ? "thread per column" : "thread per row";
}

std::vector<std::uint64_t> matrixWarpAddresses(MatrixMapping mapping, int side) {
  std::vector<std::uint64_t> a;
  for (int lane = 0; lane < kWarpLanes; ++lane)
    a.push_back(matrixElement(mapping, static_cast<unsigned long long>(lane), static_cast<unsigned long long>(side)) *
                kMatrixElementBytes);
  return a;
}

WarpFootprint matrixFootprint(MatrixMapping mapping, int side, const MemoryTransactions& rule) {
  return warpFootprint(matrixWarpAddresses(mapping, side), kMatrixElementBytes, rule.sectorBytes, rule.lineBytes);
}

void addMatrixResults(RunResult& result, const LabSpec& lab, const std::vector<CoalescingMatrixPoint>& points, int side,
                      bool measured) {
  const CoalescingMatrixPoint* column = pointFor(points, MatrixMapping::ThreadPerColumn);
  const CoalescingMatrixPoint* row = pointFor(points, MatrixMapping::ThreadPerRow);
  if (!column || !row) return;
  View v = declaredView(lab, "matrix-rows-vs-columns");
  v.title += " (" + std::to_string(side) + " x " + std::to_string(side) + " floats)";
  v.bars.categoryLabel = "Thread index mapped to";
  v.bars.valueLabel = "Useful GB/s (read + write)";
  v.bars.categories = {"the column (B: lanes along a row)", "the row (A: lanes down a column)"};
  BarSeries got{measured ? "Measured" : "Model", {}};
  BarSeries model{"Model", {}};
  for (const CoalescingMatrixPoint* p : {column, row}) {
    got.values.push_back({p->usefulGBs, p->usefulGBsMin, p->usefulGBsMax});
    model.values.push_back({p->modelUsefulGBs, p->modelUsefulGBs, p->modelUsefulGBs});
  }
  v.bars.series = {got};
  if (measured) v.bars.series.push_back(model);
  result.views.push_back(v);

  for (const CoalescingMatrixPoint* p : {column, row}) {
    const std::string key = "coalescing.matrix_" + scalarKey(p->mapping);
    const std::string name = "2D, " + matrixMappingName(p->mapping);
    const bool counted = p->loadSectorsPerRequest >= 0;
    result.scalars.push_back({key + "_gbps", name + ": useful bandwidth", p->usefulGBs, "GB/s"});
    result.scalars.push_back({key + "_gbps_model", name + ": model's useful bandwidth", p->modelUsefulGBs, "GB/s"});
    result.scalars.push_back({key + "_sectors_per_request",
                              name + (counted ? ": sectors per request (counters, loads)" : ": sectors per request (the rule; no counters)"),
                              counted ? p->loadSectorsPerRequest : p->model.sectors, "sectors"});
    result.scalars.push_back({key + "_sectors_per_request_model", name + ": sectors per request (the 32-byte rule)",
                              static_cast<double>(p->model.sectors), "sectors"});
    result.scalars.push_back({key + "_lines_per_request_model", name + ": 128-byte lines per request (the rule)",
                              static_cast<double>(p->model.lines), "lines"});
  }
  if (row->usefulGBs > 0)
    result.scalars.push_back({"coalescing.matrix_column_over_row", "2D: thread per column / thread per row (useful GB/s)",
                              column->usefulGBs / row->usefulGBs, "x"});
  std::ostringstream what;
  what << "2D case: a " << side << " x " << side << " row-major float matrix ("
       << static_cast<long long>(side) * side * kMatrixElementBytes / (1 << 20) << " MiB) copied element by element. "
       << "Thread index to column: a warp's 32 lanes copy 128 consecutive bytes, " << column->model.sectors
       << " sectors in " << column->model.lines << (column->model.lines == 1 ? " line" : " lines")
       << " a request. Thread index to row: the lanes are " << side * kMatrixElementBytes << " bytes apart, "
       << row->model.sectors << " sectors in " << row->model.lines << " lines a request, 4 bytes used of each.";
  result.notes.push_back(what.str());
}

}  // namespace warpscope::labs
