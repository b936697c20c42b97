#include "labs/latency_memory/latency_memory_lab.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "labs/latency_memory/latency_memory_cuda.h"
#include "labs/latency_memory/latency_memory_model.h"
#include "core/sweep_format.h"
#include "labs/latency_memory/latency_memory_presets.h"

namespace warpscope::labs {
namespace {

/// Volkov's series (4 B: 1 float ... 224 B: 14 float4), with 16 float4 = 256 B as the top.
constexpr std::pair<int, int> kStandardSeries[] = {{1, 4}, {2, 4}, {4, 4}, {8, 4}, {8, 8}, {8, 16}, {16, 16}};
/// Element counts of the bytes-per-thread view, per element size.
constexpr int kBytesViewElementCounts[] = {1, 2, 3, 4, 6, 8, 12, 16};
/// Occupancy levels (blocks per SM) of the sweep: dense where the curves bend (low occupancy).
constexpr int kBlocksPerSmLevels[] = {1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 64};

int maxBlocksPerSm(const DeviceInfo& device, int threadsPerBlock) {
  return std::max(1, std::min(device.maxBlocksPerSm, device.maxThreadsPerSm / threadsPerBlock));
}

std::string configSeriesName(int elements, int elementBytes) {
  return std::to_string(elements * elementBytes) + " B/thread (" + std::to_string(elements) + "x" +
         std::to_string(elementBytes) + " B)";
}

std::string elementSeriesName(int elementBytes) {
  const char* type = elementBytes == 4 ? "float" : elementBytes == 8 ? "float2" : "float4";
  return std::to_string(elementBytes) + "-byte elements (" + type + ")";
}

std::string percentText(double pct) {
  std::ostringstream out;
  out.precision(3);
  out << pct << "%";
  return out.str();
}

}  // namespace

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kLatencyMemoryId;
  lab.title = "Hiding memory latency (Volkov II)";
  lab.summary =
      "A copy kernel: each thread loads all its elements before storing any, so its bytes are in "
      "flight together. Little's law: bytes in flight needed = memory latency x bandwidth. Supply "
      "them with threads (occupancy) or with more and wider elements per thread: 128+ bytes per "
      "thread saturates DRAM at low occupancy.";
  ParamSpec bytes{"element_bytes", "Element size", "bytes", 4, 16, 4, 16,
                  "Bytes per load and store: 4 = float, 8 = float2, 16 = float4 (the highlighted "
                  "configuration).",
                  {4, 8, 16}, ParamRole::Focus, true};
  ParamSpec elements{"elements_per_thread", "Elements per thread", "elements", 1, 16, 1, 8,
                     "Elements each thread loads before its first store (the highlighted "
                     "configuration). Bytes per thread = elements x element size.",
                     {}, ParamRole::Focus, true};
  ParamSpec occupancy{"occupancy_pct", "Occupancy", "%", 1, 100, 1, 12,
                      "Target share of the SM's thread slots, forced with dynamic shared memory; "
                      "rounded to the nearest whole number of blocks per SM. Picks the highlighted "
                      "point and the occupancy of the bytes-per-thread view.",
                      {}, ParamRole::Focus, true};
  ParamSpec threads{"threads_per_block", "Threads per block", "threads", 32, 256, 32, 64,
                    "Block size of the copy. Smaller blocks give finer occupancy steps (64 threads: "
                    "steps of 3.1% on a 2048-thread SM).",
                    {32, 64, 128, 256}, ParamRole::Sweep, true};
  ParamSpec buffer{"buffer_mib", "Buffer size", "MiB", 32, 2048, 32, 256,
                   "Bytes copied per launch (the destination is as large). Keep it several times the "
                   "L2 so the copy measures DRAM, not cache.",
                   {}, ParamRole::Sweep, true};
  lab.params = {bytes, elements, occupancy, threads, buffer};
  lab.views = {{"fraction-vs-occupancy", "Copy throughput vs occupancy", ViewKind::Xy},
               {"gbps-vs-occupancy", "Copy throughput vs occupancy", ViewKind::Xy},
               {"fraction-vs-bytes", "Copy throughput vs bytes per thread", ViewKind::Xy},
               {"gbps-vs-bytes", "Copy throughput vs bytes per thread", ViewKind::Xy},
               {"dram-bytes", "DRAM traffic of the focus copy: its bytes and the GPU's counters", ViewKind::Bars}};
  lab.presets = latencyMemoryPresets();
  lab.docPage = "labs/latency-memory.md";
  lab.keyFigures = {"focus.gbps", "focus.fraction", "focus.occupancy_pct", "best.fraction"};
  lab.benchChecks = latencyMemoryBenchChecks;
  lab.benchFocusMove = {"elements_per_thread", 4, 8};
  return lab;
}

}  // namespace

const LabSpec& latencyMemorySpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition latencyMemoryLab() {
  return {latencyMemorySpec(), &simulateLatencyMemory, WARPSCOPE_GPU_MEASUREMENT(measureLatencyMemory), {"dram"}};
}

double occupancyPercent(const DeviceInfo& device, int threadsPerBlock, int blocksPerSm) {
  return 100.0 * threadsPerBlock * blocksPerSm / device.maxThreadsPerSm;
}

int focusBlocksPerSm(const DeviceInfo& device, const ParamSet& params) {
  const int threads = params.getInt("threads_per_block");
  const double wanted = params.get("occupancy_pct") / 100.0 * device.maxThreadsPerSm / threads;
  return std::clamp(static_cast<int>(std::lround(wanted)), 1, maxBlocksPerSm(device, threads));
}

std::vector<MemPlanEntry> memoryPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope) {
  const int threads = params.getInt("threads_per_block");
  const int focusElements = params.getInt("elements_per_thread");
  const int focusBytes = params.getInt("element_bytes");
  const int focusBlocks = focusBlocksPerSm(device, params);
  if (scope == RunScope::FocusOnly)
    return {{{focusElements, focusBytes, threads, focusBlocks}, MemSweep::VsOccupancy}};

  std::set<int> levels{focusBlocks};
  for (int level : kBlocksPerSmLevels)
    if (level <= maxBlocksPerSm(device, threads)) levels.insert(level);
  std::vector<std::pair<int, int>> series(std::begin(kStandardSeries), std::end(kStandardSeries));
  if (std::find(series.begin(), series.end(), std::pair{focusElements, focusBytes}) == series.end())
    series.emplace_back(focusElements, focusBytes);

  std::vector<MemPlanEntry> plan;
  for (const auto& [elements, bytes] : series)
    for (int level : levels) plan.push_back({{elements, bytes, threads, level}, MemSweep::VsOccupancy});
  for (int bytes : {4, 8, 16})
    for (int elements : kBytesViewElementCounts)
      plan.push_back({{elements, bytes, threads, focusBlocks}, MemSweep::VsBytesPerThread});
  return plan;
}

namespace {

/// What the focus copy asks for beside what DRAM did: a streaming copy moves each byte once each
/// way; the counters' bytes when they were read.
View dramBytesView(const LabSpec& lab, const ParamSet& params, const std::string& focusName, const DramWitness& dram) {
  View v = declaredView(lab, "dram-bytes");
  v.title += ", " + focusName;
  v.bars.categoryLabel = "Direction";
  v.bars.valueLabel = "Bytes per launch (MB)";
  v.bars.categories = {"read", "written"};
  const double copyMb = (dram.copyBytes > 0 ? dram.copyBytes : params.get("buffer_mib") * 1024 * 1024) / 1e6;
  v.bars.series = {{"The copy: bytes it reads and writes", {{copyMb, copyMb, copyMb}, {copyMb, copyMb, copyMb}}}};
  if (dram.readBytes >= 0 && dram.writeBytes >= 0) {
    const double read = dram.readBytes / 1e6;
    const double written = dram.writeBytes / 1e6;
    v.bars.series.push_back({"Counters: DRAM bytes", {{read, read, read}, {written, written, written}}});
  }
  return v;
}

}  // namespace

RunResult assembleMemoryResult(const DeviceInfo& device, const ParamSet& params,
                               const std::vector<MemMeasurement>& points, double memcpyGbps,
                               double memcpyGbpsMin, double memcpyGbpsMax, RunScope scope,
                               const DramWitness& dram) {
  RunResult result = resultShell(kLatencyMemoryId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;

  const int threads = params.getInt("threads_per_block");
  const int focusElements = params.getInt("elements_per_thread");
  const int focusBytes = params.getInt("element_bytes");
  const int focusBlocks = focusBlocksPerSm(device, params);
  const double focusOccupancy = occupancyPercent(device, threads, focusBlocks);
  const std::string focusName = configSeriesName(focusElements, focusBytes);

  const LabSpec& lab = latencyMemorySpec();
  View fraction = declaredView(lab, "fraction-vs-occupancy");
  View gbps = declaredView(lab, "gbps-vs-occupancy");
  for (View* v : {&fraction, &gbps}) {
    v->xLabel = "Occupancy (%)";
    v->focusSeries = focusName;
    v->focusX = focusOccupancy;
    v->hasFocus = true;
  }
  fraction.yLabel = "Fraction of cudaMemcpy bandwidth";
  fraction.yMaxHint = 1.0;
  gbps.yLabel = "GB/s (read + written)";
  gbps.yMaxHint = memcpyGbps;
  // Every point of these two is taken at the focus occupancy: a focus rerun cannot merge.
  const std::string atOccupancy = " at " + percentText(focusOccupancy) + " occupancy";
  View fractionBytes = declaredView(lab, "fraction-vs-bytes");
  View gbpsBytes = declaredView(lab, "gbps-vs-bytes");
  for (View* v : {&fractionBytes, &gbpsBytes}) {
    v->title += atOccupancy;
    v->xLabel = "Bytes per thread";
    v->focusSeries = elementSeriesName(focusBytes);
    v->focusX = static_cast<double>(focusElements * focusBytes);
    v->hasFocus = true;
    v->followsFocus = true;
  }
  fractionBytes.yLabel = "Fraction of cudaMemcpy bandwidth";
  fractionBytes.yMaxHint = 1.0;
  gbpsBytes.yLabel = "GB/s (read + written)";
  gbpsBytes.yMaxHint = memcpyGbps;

  // Keyed by (bytes per thread, element bytes) / element bytes so series come out in order.
  std::map<std::pair<int, int>, Series> occupancySeries, occupancyGbps;
  std::map<int, Series> bytesSeries, bytesGbps;
  const MemMeasurement* best = nullptr;
  const MemMeasurement* focus = nullptr;
  std::map<std::string, std::string> unresident;  // series -> "24, 28, 32" blocks per SM
  for (const auto& m : points) {
    const MemConfig& c = m.entry.config;
    if (m.achievedBlocksPerSm <= 0) {
      std::string& levels = unresident[configSeriesName(c.elementsPerThread, c.elementBytes)];
      levels += (levels.empty() ? "" : ", ") + std::to_string(c.blocksPerSm);
      continue;
    }
    const Point asFraction{0, m.gbpsMedian / memcpyGbps, m.gbpsMin / memcpyGbps, m.gbpsMax / memcpyGbps};
    const Point asGbps{0, m.gbpsMedian, m.gbpsMin, m.gbpsMax};
    const bool atFocusLevel = m.achievedBlocksPerSm == focusBlocks;
    const bool onOccupancyAxis = m.entry.sweep == MemSweep::VsOccupancy;
    if (onOccupancyAxis) {
      const double x = occupancyPercent(device, c.threadsPerBlock, m.achievedBlocksPerSm);
      const auto key = std::pair{c.bytesPerThread(), c.elementBytes};
      occupancySeries[key].name = occupancyGbps[key].name = configSeriesName(c.elementsPerThread, c.elementBytes);
      occupancySeries[key].key = occupancyGbps[key].key = c.bytesPerThread();
      occupancySeries[key].points.push_back({x, asFraction.y, asFraction.yMin, asFraction.yMax});
      occupancyGbps[key].points.push_back({x, asGbps.y, asGbps.yMin, asGbps.yMax});
    }
    // The focus-only run feeds both views: it is measured at the focus occupancy.
    if (!onOccupancyAxis || (scope == RunScope::FocusOnly && atFocusLevel)) {
      const double x = c.bytesPerThread();
      bytesSeries[c.elementBytes].name = bytesGbps[c.elementBytes].name = elementSeriesName(c.elementBytes);
      bytesSeries[c.elementBytes].key = bytesGbps[c.elementBytes].key = c.elementBytes;
      bytesSeries[c.elementBytes].points.push_back({x, asFraction.y, asFraction.yMin, asFraction.yMax});
      bytesGbps[c.elementBytes].points.push_back({x, asGbps.y, asGbps.yMin, asGbps.yMax});
    }
    if (!best || m.gbpsMedian > best->gbpsMedian) best = &m;
    if (onOccupancyAxis && atFocusLevel && c.elementsPerThread == focusElements && c.elementBytes == focusBytes)
      focus = &m;
  }
  for (const auto& [series, levels] : unresident)
    result.notes.push_back(series + " cannot be resident at " + levels +
                           " blocks per SM on this device (registers or shared memory run out): left out");
  for (auto& [key, s] : occupancySeries) fraction.series.push_back(sortedByX(std::move(s)));
  for (auto& [key, s] : occupancyGbps) gbps.series.push_back(sortedByX(std::move(s)));
  for (auto& [key, s] : bytesSeries) fractionBytes.series.push_back(sortedByX(std::move(s)));
  for (auto& [key, s] : bytesGbps) gbpsBytes.series.push_back(sortedByX(std::move(s)));
  result.views = {std::move(fraction), std::move(gbps), std::move(fractionBytes), std::move(gbpsBytes)};
  // A slider step reads no counters: it leaves this view to the full run that follows when the
  // slider rests (its title names the configuration it shows), and saves its redraw.
  if (scope == RunScope::FullSweep) result.views.push_back(dramBytesView(lab, params, focusName, dram));

  result.scalars.push_back({"ceiling.memcpy_gbps", "cudaMemcpy device-to-device (median)", memcpyGbps, "GB/s"});
  result.scalars.push_back({"ceiling.memcpy_gbps_min", "cudaMemcpy device-to-device (slowest)", memcpyGbpsMin, "GB/s"});
  result.scalars.push_back({"ceiling.memcpy_gbps_max", "cudaMemcpy device-to-device (fastest)", memcpyGbpsMax, "GB/s"});
  result.scalars.push_back({"device.dram_theoretical_gbps", "Theoretical DRAM bandwidth", device.dramBandwidthGBs, "GB/s"});
  // A focus-only run has one point: its "best" would be the focus, so only sweeps report one.
  if (best && scope == RunScope::FullSweep) {
    result.scalars.push_back({"best.fraction", "Best fraction of cudaMemcpy", best->gbpsMedian / memcpyGbps, ""});
    result.scalars.push_back({"best.gbps", "Best copy throughput", best->gbpsMedian, "GB/s"});
    const MemConfig& c = best->entry.config;
    result.notes.push_back("Best: " + configSeriesName(c.elementsPerThread, c.elementBytes) + " at " +
                           percentText(occupancyPercent(device, c.threadsPerBlock, best->achievedBlocksPerSm)) +
                           " occupancy");
  }
  if (focus) {
    result.scalars.push_back({"focus.fraction", "Highlighted point: fraction of cudaMemcpy", focus->gbpsMedian / memcpyGbps, ""});
    result.scalars.push_back({"focus.gbps", "Highlighted point: throughput", focus->gbpsMedian, "GB/s"});
  }
  result.scalars.push_back({"focus.occupancy_pct", "Highlighted occupancy", focusOccupancy, "%"});
  result.notes.push_back("Bandwidth counts bytes read plus bytes written; fractions are of cudaMemcpy "
                         "device-to-device bandwidth measured the same way on the same device.");
  return result;
}

double bestFractionAtOrBelowOccupancy(const RunResult& sweep, int bytesPerThread, double maxOccupancyPct) {
  const View* view = sweep.findView("fraction-vs-occupancy");
  if (!view) return -1;
  double best = -1;
  for (const auto& series : view->series) {
    if (static_cast<int>(series.key) != bytesPerThread) continue;
    for (const auto& p : series.points)
      if (p.x <= maxOccupancyPct + 1e-9) best = std::max(best, p.y);
  }
  return best;
}

std::vector<BenchCheck> latencyMemoryBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  const auto scalar = [&](const char* id) {
    const Scalar* s = sweep.findScalar(id);
    return s ? s->value : 0.0;
  };
  std::ostringstream ceiling;
  ceiling << "cudaMemcpy D2D: " << scalar("ceiling.memcpy_gbps") << " GB/s (min " << scalar("ceiling.memcpy_gbps_min")
          << ", max " << scalar("ceiling.memcpy_gbps_max") << ")";
  BenchCheck best{"best fraction of cudaMemcpy", scalar("best.fraction"), ">= 0.95", false, true, ceiling.str()};
  best.pass = best.value >= 0.95;

  const double wide = std::max(bestFractionAtOrBelowOccupancy(sweep, 128, 12.5),
                               bestFractionAtOrBelowOccupancy(sweep, 256, 12.5));
  const double narrow = bestFractionAtOrBelowOccupancy(sweep, 4, 12.5);
  std::ostringstream detail;
  detail << "at <= 12.5% occupancy: >=128 B/thread reaches " << wide << ", 4 B/thread " << narrow;
  BenchCheck volkov{"at <= 12.5% occupancy, >= 128 B/thread", wide, ">= 0.75 and 4 B/thread < half of it",
                    wide >= 0.75 && narrow >= 0 && narrow < 0.5 * wide, true, detail.str()};
  return {best, volkov};
}

}  // namespace warpscope::labs
