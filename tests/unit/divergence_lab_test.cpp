// The divergence lab's declaration, plan, result assembly and the alignment of the GPU's
// per-SM clocks through %globaltimer (host code, checked here with synthetic records).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "lab_test_device.h"
#include "labs/divergence/divergence_lab.h"
#include "labs/divergence/divergence_model.h"

namespace warpscope::labs {
namespace {

ParamSet withPattern(const std::string& name) {
  ParamSet params = defaultParams(divergenceSpec().params);
  const auto& names = divergencePatternNames();
  params.set("pattern", static_cast<double>(std::find(names.begin(), names.end(), name) - names.begin()));
  return params;
}

TEST(DivergenceSpec, PatternIsANamedChoiceTheCliTakesByName) {
  const LabSpec& spec = divergenceSpec();
  EXPECT_EQ(spec.id, "divergence");
  const ParamSpec* pattern = findParam(spec.params, "pattern");
  ASSERT_NE(pattern, nullptr);
  ASSERT_TRUE(pattern->isNamedChoice());
  EXPECT_EQ(pattern->choiceNames,
            (std::vector<std::string>{"uniform", "odd-even", "first-k", "warp-uniform", "random", "nested", "loop",
                                      "switch"}));
  EXPECT_EQ(pattern->valueText(pattern->defaultValue), "odd-even");
  const ParamSet set = parseAssignments(spec.params, {"pattern=switch", "paths=8"});
  EXPECT_EQ(set.getInt("pattern"), static_cast<int>(DivergencePattern::Switch));
  EXPECT_THROW(parseAssignments(spec.params, {"paths=33"}), BadInputError);
  EXPECT_THROW(parseAssignments(spec.params, {"work_fmas=20"}), BadInputError) << "a multiple of 16";
  for (const char* id : {"k", "probability", "depth", "loop_spread", "paths", "work_fmas", "warps_per_block",
                         "blocks_per_sm", "traced_sms", "simt_table"})
    EXPECT_NE(findParam(spec.params, id), nullptr) << id;
}

TEST(DivergenceSpec, DeclaresTheFiveViewsWithTheirKinds) {
  const LabSpec& spec = divergenceSpec();
  ASSERT_EQ(spec.views.size(), 5u);
  EXPECT_EQ(spec.findView("time-vs-paths")->kind, ViewKind::Xy);
  EXPECT_EQ(spec.findView("slowdown-vs-paths")->kind, ViewKind::Xy);
  EXPECT_EQ(spec.findView("warp-timeline")->kind, ViewKind::Timeline);
  EXPECT_EQ(spec.findView("simt-steps")->kind, ViewKind::Grid);
  EXPECT_EQ(spec.findView("warp-efficiency")->kind, ViewKind::Bars);
  EXPECT_TRUE(static_cast<bool>(spec.benchChecks));
}

TEST(DivergencePlan, UniformSwitchSweepOddEvenAndTheChosenPatternOnce) {
  const int warps = 132 * 4;
  const auto plan = divergencePlan(withPattern("nested"), warps);
  ASSERT_EQ(plan.size(), 1 + std::size(kSwitchSweepPaths) + 2);
  EXPECT_EQ(plan.front().series, "uniform");
  EXPECT_EQ(plan.back().series, "nested");
  EXPECT_DOUBLE_EQ(plan.back().distinctPaths, 4.0);  // depth 2
  for (const auto& c : plan) EXPECT_EQ(c.reps, kTargetFmasPerThread / 64);
  // The chosen pattern is not timed twice when the sweep already has it.
  EXPECT_EQ(divergencePlan(withPattern("odd-even"), warps).size(), 1 + std::size(kSwitchSweepPaths) + 1);
  ParamSet sw = withPattern("switch");
  sw.set("paths", 8);
  EXPECT_EQ(divergencePlan(sw, warps).size(), 1 + std::size(kSwitchSweepPaths) + 1);
  sw.set("paths", 10);
  EXPECT_EQ(divergencePlan(sw, warps).size(), 1 + std::size(kSwitchSweepPaths) + 2);
}

TEST(DivergencePlan, DistinctPathsPerPattern) {
  PatternShape s;
  s.pattern = static_cast<int>(DivergencePattern::WarpUniform);
  EXPECT_DOUBLE_EQ(meanDistinctPaths(s, 100), 1.0);
  s.pattern = static_cast<int>(DivergencePattern::FirstK);
  EXPECT_DOUBLE_EQ(meanDistinctPaths(s, 100), 2.0);
  s.pattern = static_cast<int>(DivergencePattern::Loop);
  s.loopSpread = 31;
  EXPECT_DOUBLE_EQ(meanDistinctPaths(s, 100), 32.0);
  s.pattern = static_cast<int>(DivergencePattern::Random);
  s.probabilityPct = 100;
  EXPECT_DOUBLE_EQ(meanDistinctPaths(s, 100), 1.0);
  s.probabilityPct = 50;
  EXPECT_NEAR(meanDistinctPaths(s, 1000), 2.0, 1e-6);
}

TEST(DivergenceFeasibility, RefusesLaunchesThatDoNotFitAnSm) {
  const DeviceInfo device = hopperLikeTestDevice();
  ParamSet p = defaultParams(divergenceSpec().params);
  p.set("warps_per_block", 32);
  p.set("blocks_per_sm", 2);
  EXPECT_NO_THROW(checkDivergenceFeasible(device, p));  // 64 warps per SM: the full Hopper SM
  p.set("blocks_per_sm", 3);
  try {
    checkDivergenceFeasible(device, p);
    FAIL() << "96 warps per SM accepted";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("warps_per_block x blocks_per_sm"), std::string::npos) << e.what();
  }
}

TEST(DivergenceAssembly, ViewsAndScalarsFromTimingsTraceAndTable) {
  const DeviceInfo device = hopperLikeTestDevice();
  const ParamSet params = withPattern("odd-even");
  DivergenceRun run;
  for (const DivergenceConfig& c : divergencePlan(params, 528)) {
    const double us = c.series == "uniform" ? 100.0 : 100.0 * c.distinctPaths;
    run.timings.push_back({c, us, us * 0.99, us * 1.01});
  }
  run.model = run.timings;
  PatternShape shape = patternShape(params);
  SimtParams simt;
  run.trace = modelTrace(shape, launchShape(params), simt, device);
  run.table = simtTableGrid(shape, Predication::Branch, nullptr);
  run.measured = true;
  run.countersWarpEfficiency = 16.48 / 32;  // threads per instruction the H200 counted for odd-even
  const RunResult r = assembleDivergenceResult(device, params, run);
  EXPECT_EQ(r.provenance, Provenance::Measured);
  ASSERT_EQ(r.views.size(), 5u);
  for (const ViewSpec& v : divergenceSpec().views) {
    const View* view = r.findView(v.id);
    ASSERT_NE(view, nullptr) << v.id;
    EXPECT_EQ(view->kind, v.kind);
  }
  const View* time = r.findView("time-vs-paths");
  EXPECT_EQ(time->focusSeries, "odd-even");
  EXPECT_DOUBLE_EQ(time->focusX, 2.0);
  std::vector<std::string> names;
  for (const Series& s : time->series) names.push_back(s.name);
  EXPECT_EQ(names, (std::vector<std::string>{"uniform", "switch", "odd-even", "uniform (model)", "switch (model)",
                                             "odd-even (model)"}));
  EXPECT_EQ(time->series[0].points.size(), std::size(kSwitchSweepPaths)) << "uniform drawn flat across the sweep";
  EXPECT_DOUBLE_EQ(r.findScalar("divergence.slowdown_vs_uniform")->value, 2.0);
  EXPECT_DOUBLE_EQ(r.findScalar("divergence.model_slowdown_vs_uniform")->value, 2.0);
  EXPECT_DOUBLE_EQ(r.findScalar("divergence.warp_efficiency")->value, 0.5);
  EXPECT_DOUBLE_EQ(r.findScalar("divergence.control_flow_divergence_pct")->value, 50.0);
  EXPECT_DOUBLE_EQ(r.findScalar("divergence.distinct_paths")->value, 2.0);
  EXPECT_EQ(r.findView("simt-steps")->grid.columns(), 4);
  // The trace's time-weighted efficiency beside the counters' per-instruction one.
  const Bars& efficiency = r.findView("warp-efficiency")->bars;
  ASSERT_EQ(efficiency.categories.size(), 2u);
  ASSERT_EQ(efficiency.series.size(), 1u);
  EXPECT_DOUBLE_EQ(efficiency.series[0].values[0].value, 0.5);
  EXPECT_DOUBLE_EQ(efficiency.series[0].values[1].value, 16.48 / 32);

  // The GPU bench check reads the slowdown view: measured = model here, so a 0 error.
  DeviceInfo gpu = device;
  gpu.kind = DeviceKind::Cuda;
  RunResult withOverhead = r;
  withOverhead.scalars.push_back({"divergence.instrumentation_overhead_pct", "", 4.0, "%"});
  const auto checks = divergenceBenchChecks(withOverhead, gpu);
  ASSERT_EQ(checks.size(), 2u);
  EXPECT_TRUE(checks[0].pass) << checks[0].detail;
  EXPECT_NEAR(checks[0].value, 0.0, 1e-12);
  EXPECT_TRUE(checks[1].pass);
}

// ---- Alignment of the SMs' clocks ------------------------------------------------------------

/// A segment that really started at `ns` (ns after some origin) on an SM whose clock64 reads
/// offset + rate x ns; %globaltimer truncated to 32 ns.
RawSegment recorded(double ns, double rate, std::uint64_t offset, int sm, int path, double cycles) {
  RawSegment s;
  s.startClock = offset + static_cast<std::uint64_t>(std::llround(rate * ns));
  s.endClock = s.startClock + static_cast<std::uint64_t>(cycles);
  s.startGlobalNs = 1'700'000'000'000'000'000ull + static_cast<std::uint64_t>(ns) / 32 * 32;
  s.sm = sm;
  s.path = path;
  s.mask = 0xffffffffu;
  return s;
}

TEST(DivergenceAlignment, PutsSmClocksWithDifferentOffsetsOnOneBaseWithinAGlobaltimerStep) {
  const double rate = 1.98;  // cycles per ns
  std::vector<RawWarp> warps;
  // SM 3 and SM 7 run the same schedule, SM 7 starting 1000 ns later, their clocks far apart.
  for (int sm : {3, 7}) {
    const std::uint64_t offset = sm == 3 ? 5'000'000'000ull : 123'456'789'000ull;
    const double shiftNs = sm == 7 ? 1000.0 : 0.0;
    for (int w = 0; w < 4; ++w) {
      RawWarp warp;
      warp.block = sm;
      warp.warpInBlock = w;
      for (int seg = 0; seg < 40; ++seg)
        warp.segments.push_back(recorded(shiftNs + seg * 137.0 + w * 11.0, rate, offset, sm, seg % 2, 200));
      warps.push_back(warp);
    }
  }
  ClockAlignment alignment;
  const DivergenceTrace trace = alignTrace(warps, 1.5, &alignment);
  EXPECT_NEAR(alignment.cyclesPerNs, rate, 0.01 * rate);
  ASSERT_EQ(alignment.sms, (std::vector<int>{3, 7}));
  EXPECT_LE(alignment.worstResidualNs, 40.0);
  ASSERT_EQ(trace.warps.size(), 8u);
  // Same warp index on both SMs: the SM 7 copy starts 1000 ns = 1980 cycles later (+- one tick).
  const double delta = trace.warps[4].segments[0].start - trace.warps[0].segments[0].start;
  EXPECT_NEAR(delta, 1000.0 * rate, 32.0 * rate) << "aligned through %globaltimer";
  // Within an SM nothing moves: clock64 differences are kept exactly.
  EXPECT_DOUBLE_EQ(trace.warps[0].segments[1].start - trace.warps[0].segments[0].start,
                   static_cast<double>(warps[0].segments[1].startClock - warps[0].segments[0].startClock));
  EXPECT_DOUBLE_EQ(trace.warps[0].segments[0].end - trace.warps[0].segments[0].start, 200.0);
  double earliest = 1e300;
  for (const WarpTrace& w : trace.warps) {
    EXPECT_TRUE(std::is_sorted(w.segments.begin(), w.segments.end(),
                               [](const TraceSegment& a, const TraceSegment& b) { return a.start < b.start; }));
    earliest = std::min(earliest, w.segments.front().start);
  }
  EXPECT_DOUBLE_EQ(earliest, 0.0);
  EXPECT_NE(trace.timeBasis.find("globaltimer"), std::string::npos);
}

TEST(DivergenceAlignment, FallsBackToTheNominalClockOnOneTick) {
  std::vector<RawWarp> warps(1);
  warps[0].segments.push_back(recorded(0, 2.0, 1000, 0, 0, 50));
  warps[0].segments.push_back(recorded(5, 2.0, 1000, 0, 1, 50));  // same 32 ns tick
  ClockAlignment alignment;
  const DivergenceTrace trace = alignTrace(warps, 1.75, &alignment);
  EXPECT_DOUBLE_EQ(alignment.cyclesPerNs, 1.75);
  EXPECT_DOUBLE_EQ(trace.warps[0].segments[1].start - trace.warps[0].segments[0].start, 10.0);
}

TEST(DivergenceTimeline, StepsAdvanceEveryWarpOnePathAtATimeEvenWhenWarpsAreCyclesApart) {
  // Two warps of an if/else over 2 repetitions, the second warp 3 cycles behind (as on a GPU):
  // four steps (one per path and repetition) at the earlier warp's starts, not eight.
  DivergenceTrace trace;
  for (int w = 0; w < 2; ++w) {
    WarpTrace warp{0, 0, w, {}};
    double t = 3.0 * w;
    for (int rep = 0; rep < 2; ++rep)
      for (int path : {1, 0}) {
        warp.segments.push_back({path, rep, path ? 0xaaaaaaaau : 0x55555555u, t, t + 100});
        t += 150;
      }
    trace.warps.push_back(warp);
  }
  const View view = warpTimelineView(trace, patternShape(withPattern("odd-even")), 1);
  EXPECT_EQ(view.timeline.steps, (std::vector<double>{0, 150, 300, 450}));
  EXPECT_EQ(view.timeline.events.size(), 8u);
  EXPECT_EQ(view.timeline.rows.size(), 2u);
  EXPECT_EQ(view.timeline.rows[0].subRows, 32);
}

}  // namespace
}  // namespace warpscope::labs
