#include "labs/coalescing/coalescing_lab.h"

#include <algorithm>
#include <iomanip>
#include <iterator>
#include <map>
#include <sstream>

#include "labs/coalescing/coalescing_cuda.h"
#include "labs/coalescing/coalescing_model.h"
#include "labs/coalescing/coalescing_presets.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

namespace {

constexpr int kWarpLanes = 32;

std::vector<double> matrixSideChoices() { return {std::begin(kMatrixSides), std::end(kMatrixSides)}; }

std::vector<double> strideChoices() {
  std::vector<double> c;
  for (int s = 1; s <= 64; ++s) c.push_back(s);
  c.push_back(kSeedStride);
  return c;
}

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kCoalescingId;
  lab.title = "Coalescing: strided access and 32-byte sectors";
  lab.summary =
      "Each thread copies one element at offset + thread x stride. A warp's 32 addresses are served "
      "in 32-byte sectors of 128-byte lines (seed 002's burst sections): at stride 1 the warp uses "
      "every byte it moves; at larger strides it moves whole sectors for a few bytes each, so useful "
      "bandwidth falls with the stride while the bytes moved stay high. The GPU's own counters show "
      "the sectors per request beside the rule's count. The 2D case copies a row-major matrix with the thread index "
      "mapped to the column (coalesced) or to the row (lanes a row pitch apart).";
  lab.params = {
      choiceParam("stride", "Stride (elements)", "elements", strideChoices(), 1,
                  "Thread t copies element offset + t x stride. 1 is seed 002's coalesced x[tid]; 100 is its "
                  "non-coalesced example x[tid*100].",
                  ParamRole::Focus),
      intParam("offset", "Offset (elements)", "elements", 0, 32, 1, 0,
               "Elements skipped at the start of the 256-byte aligned buffer: a warp at stride 1 then "
               "straddles a sector (and a line) boundary.",
               ParamRole::Sweep),
      choiceParam("element_bytes", "Element size", "bytes", {std::begin(kCoalescingElementBytes),
                                                             std::end(kCoalescingElementBytes)},
                  4, "float, float2 or float4: one 32-, 64- or 128-bit load and store per thread.", ParamRole::Sweep),
      choiceParam("matrix_side", "2D case: matrix side", "elements", matrixSideChoices(), kMatrixDefaultSide,
                  "The 2D case copies a side x side row-major matrix of floats, once with the thread index mapped to "
                  "the column (lanes along a row) and once to the row (lanes down a column, a row pitch apart).",
                  ParamRole::Sweep),
  };
  lab.views = {{"gbps-vs-stride", "Useful and moved bandwidth vs stride", ViewKind::Xy},
               {"sectors-vs-stride", "Sectors per warp request vs stride", ViewKind::Xy},
               {"warp-addresses", "One warp's addresses over lines and sectors", ViewKind::Grid},
               {"matrix-rows-vs-columns", "2D: one thread per row or one per column?", ViewKind::Bars}};
  lab.presets = coalescingPresets();
  lab.docPage = "labs/coalescing.md";
  lab.keyFigures = {"coalescing.useful_gbps", "coalescing.sectors_per_request", "coalescing.fraction_of_memcpy",
                    "coalescing.sectors_per_request_model"};
  lab.benchChecks = coalescingBenchChecks;
  lab.benchFocusMove = {"stride", 2, 32};
  return lab;
}


const CoalescingPoint* pointAt(const CoalescingRun& run, int stride) {
  for (const CoalescingPoint& p : run.points)
    if (p.stride == stride) return &p;
  return nullptr;
}

}  // namespace

const LabSpec& coalescingSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition coalescingLab() {
  return {coalescingSpec(), &simulateCoalescing, WARPSCOPE_GPU_MEASUREMENT(measureCoalescing),
          {"memory_transactions", "dram"}};
}

CoalescingPlan coalescingPlan(const ParamSet& params, RunScope scope) {
  CoalescingPlan plan;
  plan.elementBytes = params.getInt("element_bytes");
  plan.offsetElements = params.getInt("offset");
  plan.focusStride = params.getInt("stride");
  plan.matrixSide = params.getInt("matrix_side");
  plan.matrix = scope == RunScope::FullSweep;
  if (scope == RunScope::FocusOnly) {
    plan.strides = {plan.focusStride};
  } else {
    plan.strides.assign(std::begin(kCoalescingSweepStrides), std::end(kCoalescingSweepStrides));
    if (std::find(plan.strides.begin(), plan.strides.end(), plan.focusStride) == plan.strides.end())
      plan.strides.push_back(plan.focusStride);
    std::sort(plan.strides.begin(), plan.strides.end());
  }
  return plan;
}

std::vector<std::uint64_t> coalescingWarpAddresses(int elementBytes, int offsetElements, int stride) {
  std::vector<std::uint64_t> a;
  for (int lane = 0; lane < kWarpLanes; ++lane)
    a.push_back(static_cast<std::uint64_t>(offsetElements + lane * stride) * static_cast<std::uint64_t>(elementBytes));
  return a;
}

WarpFootprint coalescingFootprint(const CoalescingPlan& plan, int stride, const MemoryTransactions& rule) {
  return warpFootprint(coalescingWarpAddresses(plan.elementBytes, plan.offsetElements, stride), plan.elementBytes,
                       rule.sectorBytes, rule.lineBytes);
}

View coalescingWarpGrid(const CoalescingPlan& plan, int stride, const MemoryTransactions& rule) {
  View v = declaredView(coalescingSpec(), "warp-addresses");
  v.title += ": stride " + std::to_string(stride) + ", " + std::to_string(plan.elementBytes) + "-byte elements";
  const std::vector<std::uint64_t> addresses = coalescingWarpAddresses(plan.elementBytes, plan.offsetElements, stride);
  const auto line = static_cast<std::uint64_t>(rule.lineBytes);
  const auto sector = static_cast<std::uint64_t>(rule.sectorBytes);
  const int columns = rule.lineBytes / rule.sectorBytes;
  const auto eb = static_cast<std::uint64_t>(plan.elementBytes);
  // The lines the warp touches, in address order; the lines between are left out.
  std::map<std::uint64_t, int> rowOf;
  for (std::uint64_t a : addresses)
    for (std::uint64_t b = a; b < a + eb; b += sector) rowOf[b / line] = 0;
  for (std::uint64_t a : addresses) rowOf[(a + eb - 1) / line] = 0;
  int r = 0;
  Grid& g = v.grid;
  for (auto& [l, row] : rowOf) {
    row = r++;
    g.rowLabels.push_back("+" + std::to_string(l * line) + " B");
  }
  for (int c = 0; c < columns; ++c) g.columnLabels.push_back(std::to_string(c * rule.sectorBytes) + "-" +
                                                              std::to_string((c + 1) * rule.sectorBytes - 1));
  g.rowAxisLabel = "128-byte line touched (offset from the buffer)";
  g.columnAxisLabel = "32-byte sector (bytes in the line)";
  enum State { kNotMoved = 0, kAllUsed = 1, kPartlyUsed = 2, kJustPlaced = 3 };
  g.states = {{"sector-untouched", "Not moved"}, {"sector-full", "Moved, every byte used"},
              {"sector-partial", "Moved, partly used"}, {"lane-new", "The lane just placed"}};
  g.timeUnit = "lane";
  // Per sector: the bytes used and the lanes using them, as lanes are placed one by one.
  const std::size_t cells = static_cast<std::size_t>(g.rows() * columns);
  std::vector<std::uint64_t> usedBytes(cells, 0);
  std::vector<int> firstLane(cells, -1), lastLane(cells, -1);
  const auto cellOf = [&](std::uint64_t byte) {
    return static_cast<std::size_t>(rowOf.at(byte / line)) * static_cast<std::size_t>(columns) +
           static_cast<std::size_t>((byte % line) / sector);
  };
  const auto frameAt = [&](double time, const std::string& label, int newest) {
    GridFrame f{time, label, std::vector<int>(cells, kNotMoved), std::vector<std::string>(cells)};
    for (std::size_t i = 0; i < cells; ++i) {
      if (firstLane[i] < 0) continue;
      f.cells[i] = lastLane[i] == newest ? kJustPlaced : usedBytes[i] == sector ? kAllUsed : kPartlyUsed;
      f.text[i] = firstLane[i] == lastLane[i] ? std::to_string(firstLane[i])
                                              : std::to_string(firstLane[i]) + "-" + std::to_string(lastLane[i]);
    }
    return f;
  };
  g.frames.push_back(frameAt(0, "no lane placed yet", -1));
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    const std::uint64_t a = addresses[static_cast<std::size_t>(lane)];
    for (std::uint64_t b = a; b < a + eb; ++b) {
      const std::size_t i = cellOf(b);
      ++usedBytes[i];
      if (firstLane[i] < 0) firstLane[i] = lane;
      lastLane[i] = lane;
    }
    const int moved = static_cast<int>(std::count_if(firstLane.begin(), firstLane.end(), [](int l) { return l >= 0; }));
    const std::string label = "lanes 0-" + std::to_string(lane) + ": " + std::to_string(moved) + " sector" +
                              (moved == 1 ? "" : "s") + " moved";
    // The last frame shows the request as it stands, no lane singled out.
    g.frames.push_back(frameAt(lane + 1, label, lane + 1 < kWarpLanes ? lane : -1));
  }
  return v;
}

RunResult assembleCoalescingResult(const DeviceInfo& device, const ParamSet& params, const CoalescingRun& run,
                                   RunScope scope) {
  RunResult result = resultShell(kCoalescingId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;
  const LabSpec& lab = coalescingSpec();
  const std::string source = run.measured ? "Measured" : "Model";

  View gbps = declaredView(lab, "gbps-vs-stride");
  gbps.xLabel = "Stride (elements)";
  gbps.yLabel = "GB/s (read + write)";
  // Strides 1..100 on a log axis: the small ones, where the bandwidth falls, need the room; GB/s
  // on a log axis too: useful bandwidth falls fortyfold, and the low strides must stay readable.
  gbps.logX = true;
  gbps.logY = true;
  Series useful{source + ": useful", {}, 0};
  Series moved{std::string(run.measured ? "Counters" : "Model") + ": moved from DRAM", {}, 1};
  Series modelUseful{"Model: useful", {}, 2};
  View sectors = declaredView(lab, "sectors-vs-stride");
  sectors.xLabel = "Stride (elements)";
  sectors.yLabel = "Sectors per warp request";
  sectors.logX = true;
  Series rule{"Rule (32-byte sectors)", {}, 0};
  Series loads{"Counters: loads", {}, 1};
  Series stores{"Counters: stores", {}, 2};
  for (const CoalescingPoint& p : run.points) {
    const double x = p.stride;
    useful.points.push_back({x, p.usefulGBs, p.usefulGBsMin, p.usefulGBsMax});
    if (p.movedGBs > 0) moved.points.push_back({x, p.movedGBs, p.movedGBs, p.movedGBs});
    if (run.measured) modelUseful.points.push_back({x, p.modelUsefulGBs, p.modelUsefulGBs, p.modelUsefulGBs});
    const double s = p.model.sectors;
    rule.points.push_back({x, s, s, s});
    if (p.loadSectorsPerRequest >= 0)
      loads.points.push_back({x, p.loadSectorsPerRequest, p.loadSectorsPerRequest, p.loadSectorsPerRequest});
    if (p.storeSectorsPerRequest >= 0)
      stores.points.push_back({x, p.storeSectorsPerRequest, p.storeSectorsPerRequest, p.storeSectorsPerRequest});
  }
  gbps.series = {useful};
  if (!moved.points.empty()) gbps.series.push_back(moved);
  if (!modelUseful.points.empty()) gbps.series.push_back(modelUseful);
  gbps.focusSeries = useful.name;
  gbps.focusX = run.plan.focusStride;
  gbps.hasFocus = true;
  sectors.series = {rule};
  if (!loads.points.empty()) sectors.series.push_back(loads);
  if (!stores.points.empty()) sectors.series.push_back(stores);
  // The counters come with full runs only (a slider step skips them), so a focus rerun leaves this
  // view to the full run the window starts when the slider rests.
  sectors.followsFocus = true;
  sectors.focusSeries = loads.points.empty() ? rule.name : loads.name;
  sectors.focusX = run.plan.focusStride;
  sectors.hasFocus = true;
  result.views = {gbps, sectors, coalescingWarpGrid(run.plan, run.plan.focusStride, run.rule)};
  if (!run.matrix.empty()) addMatrixResults(result, lab, run.matrix, run.plan.matrixSide, run.measured);

  const CoalescingPoint* focus = pointAt(run, run.plan.focusStride);
  if (focus) {
    const double measuredSectors = focus->loadSectorsPerRequest;
    result.scalars.push_back({"coalescing.sectors_per_request",
                              measuredSectors >= 0 ? "Sectors per request (counters, loads)"
                                                   : "Sectors per request (the rule; no counters)",
                              measuredSectors >= 0 ? measuredSectors : focus->model.sectors, "sectors"});
    result.scalars.push_back({"coalescing.sectors_per_request_model", "Sectors per request (the 32-byte rule)",
                              static_cast<double>(focus->model.sectors), "sectors"});
    result.scalars.push_back({"coalescing.lines_per_request_model", "128-byte lines per request (the rule)",
                              static_cast<double>(focus->model.lines), "lines"});
    result.scalars.push_back({"coalescing.useful_gbps", "Useful bandwidth (read + write)", focus->usefulGBs, "GB/s"});
    if (focus->movedGBs > 0)
      result.scalars.push_back({"coalescing.moved_gbps", "Bytes moved from and to DRAM per second", focus->movedGBs, "GB/s"});
    result.scalars.push_back({"coalescing.model_useful_gbps", "Model: useful bandwidth", focus->modelUsefulGBs, "GB/s"});
    if (run.memcpyGBs > 0)
      result.scalars.push_back({"coalescing.fraction_of_memcpy", "Useful bandwidth / cudaMemcpy",
                                focus->usefulGBs / run.memcpyGBs, ""});
    const double usedFraction = static_cast<double>(focus->model.usefulBytes) /
                                (focus->model.sectors * static_cast<double>(run.rule.sectorBytes));
    result.scalars.push_back({"coalescing.bytes_used_fraction", "Of the bytes a request moves, used by the lanes",
                              usedFraction, ""});
    std::ostringstream what;
    what << "At stride " << focus->stride << " with " << run.plan.elementBytes << "-byte elements from offset "
         << run.plan.offsetElements << ", one warp's 32 accesses (" << focus->model.usefulBytes << " bytes) touch "
         << focus->model.sectors << " sectors in " << focus->model.lines << (focus->model.lines == 1 ? " line: " : " lines: ")
         << focus->model.sectors * run.rule.sectorBytes << " bytes move for " << focus->model.usefulBytes
         << " used (" << std::setprecision(3) << 100 * usedFraction << "%).";
    result.notes.push_back(what.str());
  }
  if (run.memcpyGBs > 0)
    result.scalars.push_back({"ceiling.memcpy_gbps", "cudaMemcpy device-to-device", run.memcpyGBs, "GB/s"});
  return result;
}

std::vector<BenchCheck> coalescingBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  std::vector<BenchCheck> checks;
  const View* gbps = sweep.findView("gbps-vs-stride");
  const Scalar* memcpy = sweep.findScalar("ceiling.memcpy_gbps");
  if (gbps && memcpy && !gbps->series.empty() && !gbps->series.front().points.empty()) {
    const double stride1 = gbps->series.front().points.front().y / memcpy->value;
    checks.push_back({"stride 1 useful GB/s / cudaMemcpy", stride1, ">= 0.9", stride1 >= 0.9, true, ""});
  }
  const View* sectors = sweep.findView("sectors-vs-stride");
  if (sectors && sectors->series.size() >= 2)
    checks.push_back(pointsEqualCheck(*sectors, "strides whose counted load sectors per request equal the rule's"));
  return checks;
}

}  // namespace warpscope::labs
