#include "labs/latency_arith/latency_arith_lab.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "labs/latency_arith/latency_arith_cuda.h"
#include "labs/latency_arith/latency_arith_model.h"
#include "core/sweep_format.h"
#include "labs/latency_arith/latency_arith_presets.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kLatencyArithId;
  lab.title = "Hiding arithmetic latency (Volkov I)";
  lab.summary =
      "Chains of dependent FP32 FMAs: each needs the previous result, so a thread stalls for the "
      "FMA latency. Little's law: needed parallelism = latency x throughput. Supply it with threads "
      "(occupancy) or with independent chains per thread (ILP): more ILP reaches peak with fewer "
      "threads.";
  ParamSpec threads{"threads_per_block", "Threads per block", "threads", 32, 1024, 32, 256,
                    "Threads in each block of the highlighted point. The sweep covers every multiple "
                    "of 32 that fits on an SM; threads per SM = threads per block x blocks per SM.",
                    {}, ParamRole::Focus, true};
  ParamSpec blocks{"blocks_per_sm", "Blocks per SM", "blocks", 1, 8, 1, 1,
                   "Blocks launched per SM (grid = blocks per SM x SM count). Volkov used one block "
                   "on one SM; more blocks reach more threads per SM.",
                   {}, ParamRole::Sweep, true};
  ParamSpec ilp{"ilp", "Instruction-level parallelism", "chains", 1, 8, 1, 4,
                "Independent FMA chains per thread (the highlighted series). Each chain is a = a*b + c "
                "repeated; chains do not depend on each other, so one thread keeps several in flight.",
                {std::begin(kArithIlpValues), std::end(kArithIlpValues)}, ParamRole::Focus, true};
  lab.params = {threads, blocks, ilp};
  lab.views = {{"fraction-vs-threads", "Fraction of FP32 peak vs threads per SM", ViewKind::Xy},
               {"gflops-vs-threads", "FP32 throughput vs threads per SM", ViewKind::Xy},
               {"fraction-vs-ilp", "Fraction of FP32 peak vs ILP", ViewKind::Xy}};
  lab.presets = latencyArithPresets();
  lab.docPage = "labs/latency-arith.md";
  lab.keyFigures = {"focus.gflops", "focus.fraction", "threads_for_90pct.ilp_1", "threads_for_90pct.ilp_4"};
  // Each launch runs 262144 FMAs a thread so its 6-8 us of launch overhead stays under 5% at 128
  // threads per SM (kArithFmasPerThread): the sweep's 6 x 32 points then take 2.2 s on an H100
  // (2026-11-27), against 2 s for other labs; a slider move reruns one point (10 ms).
  lab.gpuSweepTargetS = 2.5;
  lab.benchChecks = latencyArithBenchChecks;
  lab.benchFocusMove = {"ilp", 1, 4};
  return lab;
}

}  // namespace

const LabSpec& latencyArithSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition latencyArithLab() {
  return {latencyArithSpec(), &simulateLatencyArith, WARPSCOPE_GPU_MEASUREMENT(measureLatencyArith)};
}

void checkArithFeasible(const DeviceInfo& device, const ParamSet& params) {
  const int threads = params.getInt("threads_per_block");
  const int blocks = params.getInt("blocks_per_sm");
  if (threads > device.maxThreadsPerBlock)
    throw BadInputError("threads_per_block = " + std::to_string(threads) + " exceeds the " +
                        std::to_string(device.maxThreadsPerBlock) + " threads a block of " +
                        device.name + " may have");
  if (threads * blocks > device.maxThreadsPerSm)
    throw BadInputError("threads_per_block x blocks_per_sm = " + std::to_string(threads * blocks) +
                        " exceeds the " + std::to_string(device.maxThreadsPerSm) +
                        " threads an SM of " + device.name + " holds; lower either parameter");
  if (blocks > device.maxBlocksPerSm)
    throw BadInputError("blocks_per_sm = " + std::to_string(blocks) + " exceeds the " +
                        std::to_string(device.maxBlocksPerSm) + " blocks an SM of " + device.name +
                        " holds");
}

std::vector<ArithConfig> arithPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope) {
  const int blocks = params.getInt("blocks_per_sm");
  if (scope == RunScope::FocusOnly) return {{params.getInt("ilp"), params.getInt("threads_per_block"), blocks}};
  const int maxThreads = std::min(device.maxThreadsPerBlock, device.maxThreadsPerSm / blocks);
  std::vector<ArithConfig> plan;
  for (int ilp : kArithIlpValues)
    for (int threads = 32; threads <= maxThreads; threads += 32) plan.push_back({ilp, threads, blocks});
  return plan;
}

namespace {

std::string ilpSeriesName(int ilp) { return "ILP " + std::to_string(ilp); }

}  // namespace

RunResult assembleArithResult(const DeviceInfo& device, const ParamSet& params,
                              const std::vector<ArithMeasurement>& points, double peakGflops,
                              RunScope scope) {
  RunResult result = resultShell(kLatencyArithId, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;

  const int focusIlp = params.getInt("ilp");
  const int focusThreadsPerSm = params.getInt("threads_per_block") * params.getInt("blocks_per_sm");

  const LabSpec& lab = latencyArithSpec();
  const std::string focusSeries = ilpSeriesName(focusIlp);
  View fraction = declaredView(lab, "fraction-vs-threads");
  fraction.xLabel = "Threads per SM";
  fraction.yLabel = "Fraction of FP32 peak";
  fraction.yMaxHint = 1.0;
  View gflops = declaredView(lab, "gflops-vs-threads");
  gflops.xLabel = "Threads per SM";
  gflops.yLabel = "GFLOP/s";
  gflops.yMaxHint = peakGflops;
  for (View* v : {&fraction, &gflops}) {
    v->focusSeries = focusSeries;
    v->focusX = static_cast<double>(focusThreadsPerSm);
    v->hasFocus = true;
  }
  // Every point of this view is taken at the focus threads per SM: a focus rerun cannot merge.
  View byIlp = declaredView(lab, "fraction-vs-ilp");
  byIlp.title += " at " + std::to_string(focusThreadsPerSm) + " threads per SM";
  byIlp.xLabel = "Independent FMA chains per thread (ILP)";
  byIlp.yLabel = "Fraction of FP32 peak";
  byIlp.yMaxHint = 1.0;
  byIlp.focusSeries = std::to_string(focusThreadsPerSm) + " threads per SM";
  byIlp.focusX = static_cast<double>(focusIlp);
  byIlp.hasFocus = true;
  byIlp.followsFocus = true;

  std::map<int, Series> fractionSeries;  // keyed by ILP so series come out in ILP order
  std::map<int, Series> gflopsSeries;
  Series ilpSeries{byIlp.focusSeries, {}, static_cast<double>(focusThreadsPerSm)};
  const ArithMeasurement* best = nullptr;
  const ArithMeasurement* focus = nullptr;
  for (const auto& m : points) {
    const double x = m.config.threadsPerSm();
    const int ilp = m.config.ilp;
    fractionSeries[ilp].name = gflopsSeries[ilp].name = ilpSeriesName(ilp);
    fractionSeries[ilp].key = gflopsSeries[ilp].key = ilp;
    fractionSeries[ilp].points.push_back(
        {x, m.gflopsMedian / peakGflops, m.gflopsMin / peakGflops, m.gflopsMax / peakGflops});
    gflopsSeries[ilp].points.push_back({x, m.gflopsMedian, m.gflopsMin, m.gflopsMax});
    if (m.config.threadsPerSm() == focusThreadsPerSm)
      ilpSeries.points.push_back({static_cast<double>(ilp), m.gflopsMedian / peakGflops,
                                  m.gflopsMin / peakGflops, m.gflopsMax / peakGflops});
    if (!best || m.gflopsMedian > best->gflopsMedian) best = &m;
    if (ilp == focusIlp && m.config.threadsPerSm() == focusThreadsPerSm) focus = &m;
  }
  for (auto& [ilp, series] : fractionSeries) fraction.series.push_back(sortedByX(std::move(series)));
  for (auto& [ilp, series] : gflopsSeries) gflops.series.push_back(sortedByX(std::move(series)));
  byIlp.series.push_back(sortedByX(std::move(ilpSeries)));
  result.views = {std::move(fraction), std::move(gflops), std::move(byIlp)};

  result.scalars.push_back({"ceiling.fp32_gflops", "Theoretical FP32 peak", peakGflops, "GFLOP/s"});
  result.scalars.push_back({"device.sm_clock_mhz", "SM clock used for the peak", device.smClockMhz, "MHz"});
  // A focus-only run has one point: its "best" would be the focus, so only sweeps report one.
  if (best && scope == RunScope::FullSweep) {
    result.scalars.push_back({"best.fraction", "Best fraction of FP32 peak", best->gflopsMedian / peakGflops, ""});
    result.scalars.push_back({"best.gflops", "Best throughput", best->gflopsMedian, "GFLOP/s"});
    std::ostringstream where;
    where << "Best: ILP " << best->config.ilp << " at " << best->config.threadsPerSm() << " threads per SM ("
          << best->config.threadsPerBlock << " x " << best->config.blocksPerSm << ")";
    result.notes.push_back(where.str());
  }
  if (focus) {
    result.scalars.push_back({"focus.fraction", "Highlighted point: fraction of peak", focus->gflopsMedian / peakGflops, ""});
    result.scalars.push_back({"focus.gflops", "Highlighted point: throughput", focus->gflopsMedian, "GFLOP/s"});
  }
  if (scope == RunScope::FullSweep) {
    // Volkov's reading of the chart: how many threads each ILP needs for 90% of peak.
    for (const auto& series : result.views[0].series) {
      const auto hit = std::find_if(series.points.begin(), series.points.end(),
                                    [](const Point& p) { return p.y >= 0.9; });
      if (hit != series.points.end())
        result.scalars.push_back({"threads_for_90pct." + scalarKey(series.name),
                                  "Threads per SM for 90% of peak, " + series.name, hit->x, "threads"});
    }
  }
  std::ostringstream peak;
  peak << "FP32 peak = " << device.smCount << " SMs x " << device.fp32LanesPerSm << " lanes x 2 flop x "
       << device.smClockMhz << " MHz = " << peakGflops / 1000.0 << " TFLOP/s (theoretical, at that clock)";
  result.notes.push_back(peak.str());
  result.notes.push_back("Each thread runs " + std::to_string(kArithFmasPerThread) +
                         " FMAs split over its ILP chains; GFLOP/s counts 2 flops per FMA.");
  return result;
}

std::map<int, double> threadsFor90PercentByIlp(const RunResult& sweep) {
  std::map<int, double> threads;
  const View* view = sweep.findView("fraction-vs-threads");
  if (!view) return threads;
  for (const auto& series : view->series) {
    const auto ilp = static_cast<int>(series.key);
    for (const auto& p : series.points)
      if (p.y >= 0.9) {
        threads[ilp] = p.x;
        break;
      }
  }
  return threads;
}

bool moreIlpNeedsFewerThreads(const std::map<int, double>& threadsByIlp) {
  if (!threadsByIlp.contains(1) || !threadsByIlp.contains(4)) return false;
  double previous = threadsByIlp.begin()->second;
  for (const auto& [ilp, threads] : threadsByIlp) {
    if (threads > previous) return false;
    previous = threads;
  }
  return threadsByIlp.at(4) < threadsByIlp.at(1);
}

std::vector<BenchCheck> latencyArithBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  const Scalar* best = sweep.findScalar("best.fraction");
  const Scalar* peak = sweep.findScalar("ceiling.fp32_gflops");
  BenchCheck bestCheck;
  std::ostringstream what;
  what << "best fraction of theoretical FP32 (" << (peak ? peak->value : 0) << " GFLOP/s)";
  bestCheck.what = what.str();
  bestCheck.value = best ? best->value : 0;
  bestCheck.target = ">= 0.95";
  bestCheck.pass = bestCheck.value >= 0.95;

  const auto threads = threadsFor90PercentByIlp(sweep);
  BenchCheck ilpCheck;
  ilpCheck.what = "more ILP -> fewer threads per SM for 90% of peak";
  ilpCheck.pass = moreIlpNeedsFewerThreads(threads);
  ilpCheck.value = ilpCheck.pass ? 1 : 0;
  ilpCheck.target = "non-increasing, ILP 4 < ILP 1";
  std::ostringstream detail;
  detail << "threads per SM for 90% of peak:";
  for (const auto& [ilp, t] : threads) detail << " ILP" << ilp << "=" << static_cast<int>(t);
  ilpCheck.detail = detail.str();
  return {bestCheck, ilpCheck};
}

}  // namespace warpscope::labs
