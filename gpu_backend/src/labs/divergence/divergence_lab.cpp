#include "labs/divergence/divergence_lab.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <sstream>

#include "labs/divergence/divergence_cuda.h"
#include "labs/divergence/divergence_model.h"
#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/divergence/divergence_presets.h"

namespace warpscope::labs {

namespace {

/// The parameter matters only for this pattern: the GUI greys it out for the others.
ParamSpec onlyFor(DivergencePattern pattern, ParamSpec spec) {
  spec.relevantWhenParam = "pattern";
  spec.relevantWhenValues = {static_cast<double>(pattern)};
  return spec;
}

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kDivergenceId;
  lab.title = "Warp divergence (SIMT)";
  lab.summary =
      "The 32 lanes of a warp share one instruction stream. When they disagree on a branch, the warp runs "
      "each path in turn with the other lanes masked off, then reconverges at the branch's immediate "
      "post-dominator: time grows with the number of distinct paths in a warp, not with any one thread's "
      "work. The timeline shows every warp's path segments with its lanes lit while active.";
  lab.params = {
      namedChoiceParam("pattern", "Branch pattern", divergencePatternNames(), 1,
                       "Which lanes take which path. uniform: no branch; odd-even: even lanes take the if; "
                       "first-k: lanes below k; warp-uniform: the branch depends on the warp index only (no "
                       "divergence); random: each lane with the chosen probability; nested: if/else depth "
                       "levels deep; loop: a data-dependent trip count; switch: lane % paths.",
                       ParamRole::Sweep),
      onlyFor(DivergencePattern::FirstK, intParam("k", "Lanes taking the branch (first-k)", "lanes", 1, 31, 1, 8,
                "first-k: lanes 0..k-1 take path 0, the others path 1.")),
      onlyFor(DivergencePattern::Random, intParam("probability", "Chance of the branch (random)", "%", 0, 100, 1, 50,
                "random: each lane takes path 0 with this probability (a fixed hash of warp and lane, so "
                "runs repeat).")),
      onlyFor(DivergencePattern::Nested, intParam("depth", "Nesting depth (nested)", "levels", 1, 3, 1, 2,
                "nested: levels of if/else; level l tests bit 4-l of the lane, so depth d gives 2^d paths of "
                "32/2^d lanes.")),
      onlyFor(DivergencePattern::Loop, intParam("loop_spread", "Trip-count spread (loop)", "trips", 0, 31, 1, 7,
                "loop: lane i runs 1 + i x spread / 31 iterations; the warp runs until its last lane is done, "
                "with fewer lanes active each time one finishes.")),
      onlyFor(DivergencePattern::Switch, intParam("paths", "Cases (switch)", "paths", 1, 32, 1, 4,
                "switch: lane i runs case i % paths; every case is its own code.")),
      intParam("work_fmas", "Work per path", "FMAs", kWorkUnroll, 1024, kWorkUnroll, 64,
                "Dependent FP32 FMAs each path segment runs (one chain, so a path takes at least this many FMA "
                "latencies)."),
      intParam("warps_per_block", "Warps per block", "warps", 1, 32, 1, 4,
                "Launch shape of every kernel (grid = blocks per SM x SM count). One warp per scheduler keeps "
                "paths latency-bound; more warps share each scheduler's issue slots."),
      intParam("blocks_per_sm", "Blocks per SM", "blocks", 1, 32, 1, 1,
                "Blocks launched per SM. 32 warps per block x 2 blocks traces 64 warps on every SM."),
      intParam("traced_sms", "SMs on the timeline", "SMs", 1, 256, 1, 2,
                "The timeline shows the warps of this many SMs (the lowest SM ids; at most the device's SMs). "
                "The GPU records every warp; scalars use them all."),
      namedChoiceParam("simt_table", "4-thread table", {"branch", "predicated"}, 0,
                       "How the seed's 4-thread table runs the if/else: with a branch (the warp splits, paths "
                       "serialise and reconverge) or predicated (if-converted: every thread steps through every "
                       "path, [bracketed] ones do not commit).",
                       ParamRole::Sweep),
  };
  lab.views = {{"time-vs-paths", "Kernel time vs distinct paths per warp", ViewKind::Xy},
               {"slowdown-vs-paths", "Slowdown vs the uniform kernel", ViewKind::Xy},
               {"warp-timeline", "Warps over time: path segments, lanes lit while active", ViewKind::Timeline},
               {"simt-steps", "SIMT stack on a 4-thread warp (T0..T3)", ViewKind::Grid},
               {"warp-efficiency", "Warp efficiency: the trace and the GPU's counters", ViewKind::Bars}};
  lab.presets = divergencePresets();
  lab.docPage = "labs/divergence.md";
  lab.keyFigures = {"divergence.slowdown_vs_uniform", "divergence.warp_efficiency", "divergence.distinct_paths", "divergence.time_us"};
  lab.benchChecks = divergenceBenchChecks;
  return lab;
}

bool sameConfig(const DivergenceConfig& a, const DivergenceConfig& b) {
  if (a.shape.pattern != b.shape.pattern) return false;
  switch (static_cast<DivergencePattern>(a.shape.pattern)) {
    case DivergencePattern::Uniform:
    case DivergencePattern::OddEven:
    case DivergencePattern::WarpUniform: return true;
    case DivergencePattern::FirstK: return a.shape.k == b.shape.k;
    case DivergencePattern::Random: return a.shape.probabilityPct == b.shape.probabilityPct;
    case DivergencePattern::Nested: return a.shape.depth == b.shape.depth;
    case DivergencePattern::Loop: return a.shape.loopSpread == b.shape.loopSpread;
    case DivergencePattern::Switch: return a.shape.paths == b.shape.paths;
  }
  return false;
}

std::string seriesFor(DivergencePattern pattern) {
  return patternName(pattern);  // "switch", "uniform", "odd-even", ...
}

/// Series of one source (measured, or model) in plan order; uniform drawn flat across the switch xs.
std::vector<Series> timeSeries(const std::vector<DivergenceTiming>& timings, const std::string& suffix,
                               bool slowdown) {
  double uniformMedian = 0, uniformMin = 0, uniformMax = 0;
  std::set<double> switchXs;
  for (const auto& t : timings) {
    if (t.config.series == "uniform") {
      uniformMedian = t.medianUs;
      uniformMin = t.minUs;
      uniformMax = t.maxUs;
    }
    if (t.config.series == "switch") switchXs.insert(t.config.distinctPaths);
  }
  std::vector<std::string> order;
  std::map<std::string, Series> byName;
  for (const auto& t : timings) {
    if (t.config.series == "uniform") continue;
    if (!byName.count(t.config.series)) order.push_back(t.config.series);
    Series& s = byName[t.config.series];
    s.name = t.config.series + suffix;
    s.key = t.config.shape.pattern;
    if (slowdown) {
      const double base = uniformMedian > 0 ? uniformMedian : 1;
      s.points.push_back({t.config.distinctPaths, t.medianUs / base, t.minUs / base, t.maxUs / base});
    } else {
      s.points.push_back({t.config.distinctPaths, t.medianUs, t.minUs, t.maxUs});
    }
  }
  std::vector<Series> out;
  if (uniformMedian > 0) {
    Series flat{"uniform" + suffix, {}, 0};
    for (double x : switchXs) {
      if (slowdown)
        flat.points.push_back({x, 1.0, uniformMin / uniformMedian, uniformMax / uniformMedian});
      else
        flat.points.push_back({x, uniformMedian, uniformMin, uniformMax});
    }
    out.push_back(std::move(flat));
  }
  for (const auto& name : order) out.push_back(sortedByX(std::move(byName[name])));
  return out;
}

const DivergenceTiming* findChosen(const std::vector<DivergenceTiming>& timings, const PatternShape& chosen) {
  DivergenceConfig c;
  c.shape = chosen;
  for (const auto& t : timings)
    if (sameConfig(t.config, c)) return &t;
  return nullptr;
}

const DivergenceTiming* findSeries(const std::vector<DivergenceTiming>& timings, const std::string& series) {
  for (const auto& t : timings)
    if (t.config.series == series) return &t;
  return nullptr;
}

}  // namespace

const std::vector<std::string>& divergencePatternNames() {
  static const std::vector<std::string> names = {"uniform", "odd-even", "first-k", "warp-uniform",
                                                 "random",  "nested",   "loop",    "switch"};
  return names;
}

std::string patternName(DivergencePattern pattern) {
  return divergencePatternNames()[static_cast<std::size_t>(pattern)];
}

const LabSpec& divergenceSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition divergenceLab() {
  return {divergenceSpec(), &simulateDivergence, WARPSCOPE_GPU_MEASUREMENT(measureDivergence), {"simt"}};
}

PatternShape patternShape(const ParamSet& params) {
  PatternShape s;
  s.pattern = params.getInt("pattern");
  s.k = params.getInt("k");
  s.probabilityPct = params.getInt("probability");
  s.depth = params.getInt("depth");
  s.loopSpread = params.getInt("loop_spread");
  s.paths = params.getInt("paths");
  s.workFmas = params.getInt("work_fmas");
  return s;
}

LaunchShape launchShape(const ParamSet& params) {
  return {params.getInt("warps_per_block"), params.getInt("blocks_per_sm"), params.getInt("traced_sms")};
}

int repsForWork(int workFmas) { return std::max(1, kTargetFmasPerThread / std::max(1, workFmas)); }

double meanDistinctPaths(const PatternShape& shape, int warps) {
  const int sampled = std::clamp(warps, 1, 4096);
  double sum = 0;
  for (int w = 0; w < sampled; ++w) {
    if (static_cast<DivergencePattern>(shape.pattern) == DivergencePattern::Loop) {
      int most = 0;
      for (int lane = 0; lane < kWarpLanes; ++lane) most = std::max(most, laneTrips(shape, lane));
      sum += most;
      continue;
    }
    std::uint64_t seen = 0;
    for (int lane = 0; lane < kWarpLanes; ++lane)
      seen |= std::uint64_t{1} << lanePath(shape, static_cast<unsigned>(w), lane);
    sum += std::popcount(seen);
  }
  return sum / sampled;
}

void checkDivergenceFeasible(const DeviceInfo& device, const ParamSet& params) {
  const LaunchShape launch = launchShape(params);
  const int threadsPerBlock = launch.warpsPerBlock * device.warpSize;
  if (threadsPerBlock > device.maxThreadsPerBlock)
    throw BadInputError("warps_per_block = " + std::to_string(launch.warpsPerBlock) + " makes " +
                        std::to_string(threadsPerBlock) + " threads, more than the " +
                        std::to_string(device.maxThreadsPerBlock) + " a block of " + device.name + " may have");
  if (launch.blocksPerSm > device.maxBlocksPerSm)
    throw BadInputError("blocks_per_sm = " + std::to_string(launch.blocksPerSm) + " exceeds the " +
                        std::to_string(device.maxBlocksPerSm) + " blocks an SM of " + device.name + " holds");
  if (threadsPerBlock * launch.blocksPerSm > device.maxThreadsPerSm)
    throw BadInputError("warps_per_block x blocks_per_sm = " + std::to_string(launch.warpsPerSm()) +
                        " warps exceeds the " + std::to_string(device.maxThreadsPerSm / device.warpSize) +
                        " warps an SM of " + device.name + " holds; lower either parameter");
}

std::vector<DivergenceConfig> divergencePlan(const ParamSet& params, int warpsInGrid) {
  const PatternShape chosen = patternShape(params);
  const int reps = repsForWork(chosen.workFmas);
  auto config = [&](DivergencePattern pattern, PatternShape shape) {
    shape.pattern = static_cast<int>(pattern);
    return DivergenceConfig{seriesFor(pattern), shape, meanDistinctPaths(shape, warpsInGrid), reps};
  };
  std::vector<DivergenceConfig> plan;
  plan.push_back(config(DivergencePattern::Uniform, chosen));
  for (int paths : kSwitchSweepPaths) {
    PatternShape s = chosen;
    s.paths = paths;
    plan.push_back(config(DivergencePattern::Switch, s));
  }
  plan.push_back(config(DivergencePattern::OddEven, chosen));
  const DivergenceConfig mine = config(static_cast<DivergencePattern>(chosen.pattern), chosen);
  if (std::none_of(plan.begin(), plan.end(), [&](const DivergenceConfig& c) { return sameConfig(c, mine); }))
    plan.push_back(mine);
  return plan;
}

const DivergenceTiming* chosenTiming(const std::vector<DivergenceTiming>& timings, const ParamSet& params) {
  return findChosen(timings, patternShape(params));
}

RunResult assembleDivergenceResult(const DeviceInfo& device, const ParamSet& params, const DivergenceRun& run) {
  const LabSpec& lab = divergenceSpec();
  const PatternShape shape = patternShape(params);
  const LaunchShape launch = launchShape(params);
  const auto pattern = static_cast<DivergencePattern>(shape.pattern);
  RunResult result = resultShell(kDivergenceId, device, params);
  result.provenance = run.measured ? Provenance::Measured : Provenance::Simulated;

  const DivergenceTiming* chosen = findChosen(run.timings, shape);
  const DivergenceTiming* uniform = findSeries(run.timings, "uniform");
  const std::string chosenSeries = chosen ? chosen->config.series : seriesFor(pattern);
  const double chosenX = chosen ? chosen->config.distinctPaths : 1.0;

  View time = declaredView(lab, "time-vs-paths");
  time.xLabel = "Distinct paths per warp (per repetition)";
  time.yLabel = "Kernel time (us)";
  View slow = declaredView(lab, "slowdown-vs-paths");
  slow.xLabel = "Distinct paths per warp (per repetition)";
  slow.yLabel = "Kernel time / uniform kernel time";
  for (View* v : {&time, &slow}) {
    v->focusSeries = chosenSeries;
    v->focusX = chosenX;
    v->hasFocus = chosen != nullptr;
  }
  time.series = timeSeries(run.timings, "", false);
  slow.series = timeSeries(run.timings, "", true);
  if (!run.model.empty()) {
    const std::string suffix = " (model)";
    for (Series& s : timeSeries(run.model, suffix, false)) time.series.push_back(std::move(s));
    for (Series& s : timeSeries(run.model, suffix, true)) slow.series.push_back(std::move(s));
  }
  Series ideal{"paths (pure serialisation)", {}, -1};
  for (int p : kSwitchSweepPaths) ideal.points.push_back({double(p), double(p), double(p), double(p)});
  slow.series.push_back(std::move(ideal));

  View timeline = warpTimelineView(run.trace, shape, std::min(launch.tracedSms, std::max(1, device.smCount)));
  View table = declaredView(lab, "simt-steps");
  table.title += ": " + patternName(pattern);
  table.grid = run.table;
  // The trace's efficiency weighs each path segment by its time; the counters' counts threads per
  // warp instruction, where the code around the branch runs at 32: at or above the trace's.
  View efficiency = declaredView(lab, "warp-efficiency");
  efficiency.title += ": " + chosenSeries;
  efficiency.bars.categoryLabel = "How it is counted";
  efficiency.bars.valueLabel = "Warp efficiency (active lanes / 32)";
  BarSeries witnessed{run.measured ? "Measured" : "Model", {}};
  const double traceEfficiency = warpEfficiency(run.trace);
  efficiency.bars.categories.push_back(run.measured ? "trace: active lanes, time-weighted"
                                                    : "model's trace: active lanes, time-weighted");
  witnessed.values.push_back({traceEfficiency, traceEfficiency, traceEfficiency});
  if (run.countersWarpEfficiency >= 0) {
    efficiency.bars.categories.push_back("counters: threads per instruction");
    witnessed.values.push_back({run.countersWarpEfficiency, run.countersWarpEfficiency, run.countersWarpEfficiency});
  }
  efficiency.bars.series = {std::move(witnessed)};
  result.views = {std::move(time), std::move(slow), std::move(timeline), std::move(table), std::move(efficiency)};

  if (chosen && uniform && uniform->medianUs > 0) {
    result.scalars.push_back({"divergence.slowdown_vs_uniform", "Slowdown of " + chosenSeries + " vs uniform",
                              chosen->medianUs / uniform->medianUs, "x"});
    result.scalars.push_back({"divergence.time_us", "Kernel time, " + chosenSeries, chosen->medianUs, "us"});
    result.scalars.push_back({"divergence.uniform_time_us", "Kernel time, uniform", uniform->medianUs, "us"});
  }
  if (!run.model.empty()) {
    const DivergenceTiming* m = findChosen(run.model, shape);
    const DivergenceTiming* mu = findSeries(run.model, "uniform");
    if (m && mu && mu->medianUs > 0)
      result.scalars.push_back({"divergence.model_slowdown_vs_uniform", "Model: slowdown of " + chosenSeries,
                                m->medianUs / mu->medianUs, "x"});
  }
  result.scalars.push_back({"divergence.distinct_paths", "Distinct paths per warp (mean)", chosenX, "paths"});
  result.scalars.push_back({"divergence.warp_efficiency", "Warp efficiency (active lanes / 32, time-weighted)",
                            warpEfficiency(run.trace), ""});
  result.scalars.push_back({"divergence.control_flow_divergence_pct",
                            "Control-flow divergence (seed formula, from the masks)",
                            traceControlFlowDivergencePct(run.trace), "%"});

  std::ostringstream what;
  what << "Every kernel runs " << repsForWork(shape.workFmas) << " repetitions of the divergent region with "
       << shape.workFmas << " dependent FMAs per path, " << launch.warpsPerBlock << " warps per block x "
       << launch.blocksPerSm << " blocks per SM on every SM; the switch series visits 1..32 cases, uniform is "
       << "the same work without a branch.";
  result.notes.push_back(what.str());
  int tracedWarps = 0;
  for (const auto& ev : result.views[2].timeline.rows) tracedWarps += ev.subRows > 0 ? 1 : 0;
  result.notes.push_back("Timeline: " + std::to_string(tracedWarps) + " warps of " +
                         std::to_string(std::min(launch.tracedSms, device.smCount)) + " SMs over " +
                         std::to_string(kTraceReps) + " repetitions; " + run.trace.timeBasis +
                         " Warp efficiency and control-flow divergence use every traced warp (" +
                         std::to_string(run.trace.warps.size()) + ").");
  return result;
}

std::vector<BenchCheck> divergenceBenchChecks(const RunResult& sweep, const DeviceInfo& device) {
  std::vector<BenchCheck> checks;
  const View* slow = sweep.findView("slowdown-vs-paths");
  auto at = [&](const std::string& series, double x, double* y) {
    if (!slow) return false;
    for (const Series& s : slow->series)
      if (s.name == series)
        for (const Point& p : s.points)
          if (std::abs(p.x - x) < 1e-9) {
            *y = p.y;
            return true;
          }
    return false;
  };
  if (device.kind == DeviceKind::Simulator) {
    checks.push_back({"simulated divergence run (wall time)", sweep.elapsedSeconds * 1e3, "<= 50 ms",
                      sweep.elapsedSeconds <= 0.050, false, ""});
    std::ostringstream d;
    d << "model slowdown vs uniform:";
    for (int p : {1, 2, 4, 8, 32}) {
      double y = 0;
      if (at("switch", p, &y)) d << " switch " << p << ": " << y << "x;";
    }
    checks.back().detail = d.str();
    return checks;
  }
  // On a GPU: measured slowdown against the model's, for switch 1..8 and odd-even.
  double worst = -1;
  std::ostringstream detail;
  detail << "measured vs model slowdown:";
  auto compare = [&](const std::string& series, double x, const std::string& label) {
    double measured = 0, model = 0;
    if (!at(series, x, &measured) || !at(series + " (model)", x, &model) || model <= 0) {
      detail << ' ' << label << ": missing;";
      worst = 1e9;
      return;
    }
    const double err = measured / model - 1.0;
    worst = std::max(worst, std::abs(err));
    char text[96];
    std::snprintf(text, sizeof text, " %s %.2f vs %.2f (%+.0f%%);", label.c_str(), measured, model, 100 * err);
    detail << text;
  };
  for (int p = 1; p <= 8; ++p) compare("switch", p, "switch " + std::to_string(p));
  compare("odd-even", 2, "odd-even");
  checks.push_back({"slowdown vs paths within the model (worst relative error, switch 1..8 and odd-even)", worst,
                    "<= 0.15", worst >= 0 && worst <= 0.15, true, detail.str()});
  if (const Scalar* overhead = sweep.findScalar("divergence.instrumentation_overhead_pct"))
    checks.push_back({"instrumentation overhead (instrumented vs plain kernel, chosen pattern)", overhead->value,
                      "stated (%)", true, true,
                      "clock64 at entry and exit, __activemask, %globaltimer and one 32-byte record per path segment"});
  else
    checks.push_back({"instrumentation overhead", 0, "stated (%)", false, true, "missing from the result"});
  return checks;
}

}  // namespace warpscope::labs
