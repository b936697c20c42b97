// The divergence lab's SIMT model against hand-worked schedules: the seed's 4-thread tables
// (CSC266, GPU Architecture I: "Warp Divergence"), nested and switch serialisation, the loop's
// shrinking mask, the seed's control-flow divergence formula, and the timing model's Little's law.
#include <gtest/gtest.h>

#include <bit>
#include <chrono>

#include "lab_test_device.h"
#include "labs/divergence/divergence_lab.h"
#include "labs/divergence/divergence_model.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {
namespace {

PatternShape shapeOf(DivergencePattern p) {
  PatternShape s;
  s.pattern = static_cast<int>(p);
  return s;
}

/// The executed blocks that carry an instruction text (the table's rows).
struct Row {
  std::string text;
  std::uint32_t issue;
  std::uint32_t commit;
  int depth;
};
std::vector<Row> tableRows(const PatternShape& shape, Predication predication, unsigned warp = 0) {
  const SimtProgram program = buildSimtProgram(shape, warp, kTableLanes, predication);
  std::vector<Row> rows;
  for (const SimtStep& step : runSimtStack(program)) {
    const SimtBlock& b = program.blocks[static_cast<std::size_t>(step.block)];
    if (!b.text.empty()) rows.push_back({b.text, step.issueMask, step.commitMask, step.stackDepth});
  }
  return rows;
}

/// The 32-lane work segments of one repetition: {path, mask}.
std::vector<std::pair<int, std::uint32_t>> segments(const PatternShape& shape, unsigned warp = 0) {
  const SimtProgram program = buildSimtProgram(shape, warp, kWarpLanes, Predication::Branch);
  std::vector<std::pair<int, std::uint32_t>> out;
  for (const SimtStep& step : runSimtStack(program))
    if (step.path >= 0) out.emplace_back(step.path, step.commitMask);
  return out;
}

int totalPops(const PatternShape& shape) {
  const SimtProgram program = buildSimtProgram(shape, 0, kWarpLanes, Predication::Branch);
  int pops = 0;
  for (const SimtStep& step : runSimtStack(program)) pops += step.popsBefore;
  return pops;
}

SimtParams testParams() {
  SimtParams p;
  p.dependentFmaCycles = 4;
  p.loopIterationCycles = 0;
  p.segmentSetupCycles = 0;
  p.branchCycles = 10;
  p.pathSwitchCycles = 20;
  p.indirectBranchCycles = 30;
  p.indirectRegroupCycles = 10;
  p.controlIssueSlots = 3;
  p.indirectBranchIssueSlots = 3;
  p.pathSwitchIssueSlots = 1;
  p.indirectRegroupIssueSlots = 3;
  p.launchOverheadUs = 0;
  return p;
}

struct Switches {
  int switches = 0;
  int regroups = 0;
};
Switches switchesOf(const PatternShape& shape) {
  const SimtProgram program = buildSimtProgram(shape, 0, kWarpLanes, Predication::Branch);
  Switches out;
  for (const SimtStep& step : runSimtStack(program)) {
    out.switches += step.switchesBefore;
    out.regroups += step.regroupsBefore;
  }
  return out;
}

/// The order in which the paths of one repetition run, with the order the H100 showed.
std::vector<int> hardwareOrder(const PatternShape& shape, unsigned warp = 0) {
  SimtProgram program = buildSimtProgram(shape, warp, kWarpLanes, Predication::Branch);
  program.order = PathOrder::FewerLanesFirst;
  std::vector<int> paths;
  for (const SimtStep& step : runSimtStack(program))
    if (step.path >= 0) paths.push_back(step.path);
  return paths;
}

// ---- The seed's 4-thread examples ---------------------------------------------------------

// if (cond) x = 1; else y = 1; with only T0, T2 true: time 0: x = 1 by T0, T2; time 1: y = 1 by
// T1, T3; then the warp is whole again at the post-dominator.
TEST(SimtStack, SeedIfElseWithT0T2TakingTheBranchSerialisesTwoStepsAndReconverges) {
  const auto rows = tableRows(shapeOf(DivergencePattern::OddEven), Predication::Branch);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].text, "x = 1");
  EXPECT_EQ(rows[0].commit, 0b0101u);
  EXPECT_EQ(rows[0].issue, 0b0101u);
  EXPECT_EQ(rows[1].text, "y = 1");
  EXPECT_EQ(rows[1].commit, 0b1010u);
  EXPECT_EQ(rows[2].text, "out[t] = r");
  EXPECT_EQ(rows[2].commit, 0b1111u) << "reconverged at the immediate post-dominator";
  // The stack: the reconvergence entry waiting at the join, the else entry, the then entry on top.
  EXPECT_EQ(rows[0].depth, 3);
  EXPECT_EQ(rows[1].depth, 2) << "the then entry popped at the reconvergence point";
  EXPECT_EQ(rows[2].depth, 1) << "both pushed entries popped: the warp is whole again";
}

// If cond is true for all threads: one step, x = 1 by all four.
TEST(SimtStack, AllThreadsTakingTheBranchRunOneStep) {
  const auto rows = tableRows(shapeOf(DivergencePattern::WarpUniform), Predication::Branch, /*warp=*/0);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].text, "x = 1");
  EXPECT_EQ(rows[0].commit, 0b1111u);
  EXPECT_EQ(rows[0].depth, 1) << "a uniform branch pushes nothing";
  const auto odd = tableRows(shapeOf(DivergencePattern::WarpUniform), Predication::Branch, /*warp=*/1);
  EXPECT_EQ(odd[0].text, "y = 1");
}

// The compiler predicates: both sides execute, [bracketed] on the threads whose predicate is false.
TEST(SimtStack, PredicatedIfElseIssuesBothSidesForEveryThread) {
  const auto rows = tableRows(shapeOf(DivergencePattern::OddEven), Predication::Predicate);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].text, "x = 1");
  EXPECT_EQ(rows[0].issue, 0b1111u);
  EXPECT_EQ(rows[0].commit, 0b0101u);
  EXPECT_EQ(rows[1].text, "y = 1");
  EXPECT_EQ(rows[1].issue, 0b1111u);
  EXPECT_EQ(rows[1].commit, 0b1010u);
  for (const Row& r : rows) EXPECT_EQ(r.depth, 1) << "no branch, no stack entry";

  std::string scaling;
  const Grid grid = simtTableGrid(shapeOf(DivergencePattern::OddEven), Predication::Predicate, &scaling);
  ASSERT_EQ(grid.rows(), 3);
  ASSERT_EQ(grid.columns(), 4);
  const GridFrame& last = grid.frames.back();
  EXPECT_EQ(last.text[0], "x = 1");
  EXPECT_EQ(last.text[1], "[x = 1]");
  EXPECT_EQ(last.text[4 + 0], "[y = 1]");
  EXPECT_EQ(last.text[4 + 1], "y = 1");
  EXPECT_EQ(grid.states[static_cast<std::size_t>(last.cells[1])].id, "predicated");
}

TEST(SimtTable, OneFramePerStepRevealsTheRowsInOrder) {
  std::string scaling;
  const Grid grid = simtTableGrid(shapeOf(DivergencePattern::OddEven), Predication::Branch, &scaling);
  ASSERT_EQ(grid.frames.size(), 3u);
  const auto state = [&](const GridFrame& f, int row, int col) {
    return grid.states[static_cast<std::size_t>(f.cells[static_cast<std::size_t>(row * 4 + col)])].id;
  };
  EXPECT_EQ(state(grid.frames[0], 0, 0), "active");
  EXPECT_EQ(state(grid.frames[0], 0, 1), "masked");
  EXPECT_EQ(state(grid.frames[0], 1, 1), "future") << "row 1 is not revealed in frame 0";
  EXPECT_EQ(state(grid.frames[1], 1, 1), "active");
  EXPECT_EQ(state(grid.frames[2], 2, 3), "active");
  EXPECT_NE(grid.frames[0].label.find("x = 1 by T0, T2"), std::string::npos) << grid.frames[0].label;
  EXPECT_FALSE(scaling.empty());
}

TEST(SimtTable, LoopCannotBeIfConverted) {
  PatternShape loop = shapeOf(DivergencePattern::Loop);
  loop.loopSpread = 3;  // T0..T3 stand for lanes 0, 10, 20, 31: 1, 1, 2, 4 trips
  const auto branch = tableRows(loop, Predication::Branch);
  const auto predicated = tableRows(loop, Predication::Predicate);
  ASSERT_EQ(branch.size(), predicated.size());
  ASSERT_EQ(branch.size(), 5u);  // 4 iterations + the join
  EXPECT_EQ(branch[0].commit, 0b1111u);
  EXPECT_EQ(branch[1].commit, 0b1100u);
  EXPECT_EQ(branch[2].commit, 0b1000u);
  EXPECT_EQ(branch[3].commit, 0b1000u);
  EXPECT_EQ(branch[4].commit, 0b1111u);
}

// ---- 32-lane schedules -----------------------------------------------------------------------

// Nested depth 2: if (bit 4) { if (bit 3) A else B } else { if (bit 3) C else D }: four leaves of
// 8 lanes each run one after the other; 6 entries pop (4 leaves, 2 inner if/else joins).
TEST(SimtStack, NestedDepthTwoSerialisesFourLeavesOfEightLanes) {
  PatternShape nested = shapeOf(DivergencePattern::Nested);
  nested.depth = 2;
  const auto segs = segments(nested);
  ASSERT_EQ(segs.size(), 4u);
  EXPECT_EQ(segs[0], std::make_pair(0, 0x000000ffu));
  EXPECT_EQ(segs[1], std::make_pair(1, 0x0000ff00u));
  EXPECT_EQ(segs[2], std::make_pair(2, 0x00ff0000u));
  EXPECT_EQ(segs[3], std::make_pair(3, 0xff000000u));
  EXPECT_EQ(totalPops(nested), 6);
  nested.depth = 3;
  EXPECT_EQ(segments(nested).size(), 8u);
  EXPECT_EQ(totalPops(nested), 8 + 4 + 2);
  nested.depth = 1;
  EXPECT_EQ(segments(nested).size(), 2u);
  EXPECT_EQ(totalPops(nested), 2);
}

TEST(SimtStack, SwitchWithPPathsSerialisesPSegments) {
  for (int p : {1, 2, 3, 5, 8, 32}) {
    PatternShape sw = shapeOf(DivergencePattern::Switch);
    sw.paths = p;
    const auto segs = segments(sw);
    ASSERT_EQ(segs.size(), static_cast<std::size_t>(p)) << p << " paths";
    std::uint32_t all = 0;
    for (int i = 0; i < p; ++i) {
      EXPECT_EQ(segs[static_cast<std::size_t>(i)].first, i);
      EXPECT_EQ(segs[static_cast<std::size_t>(i)].second, pathMask(sw, 0, i));
      all |= segs[static_cast<std::size_t>(i)].second;
    }
    EXPECT_EQ(all, 0xffffffffu);
    EXPECT_EQ(totalPops(sw), p == 1 ? 0 : p) << "a one-case switch does not diverge";
  }
}

TEST(SimtStack, LoopMaskShrinksAsLanesFinishAndReconvergesOnce) {
  PatternShape loop = shapeOf(DivergencePattern::Loop);
  loop.loopSpread = 7;  // lane i: 1 + 7i/31 trips, lane 31: 8
  const auto segs = segments(loop);
  ASSERT_EQ(segs.size(), 8u);
  for (int it = 0; it < 8; ++it) {
    EXPECT_EQ(segs[static_cast<std::size_t>(it)].first, it);
    EXPECT_EQ(segs[static_cast<std::size_t>(it)].second, pathMask(loop, 0, it)) << "iteration " << it;
  }
  EXPECT_EQ(segs[0].second, 0xffffffffu);
  EXPECT_EQ(segs[7].second, 0x80000000u);
  EXPECT_EQ(totalPops(loop), 1) << "lanes that leave wait at the exit; one reconvergence";
}

TEST(SimtStack, ReconvergencePointsAreImmediatePostDominators) {
  const SimtProgram ifElse = buildSimtProgram(shapeOf(DivergencePattern::OddEven), 0, kWarpLanes, Predication::Branch);
  // blocks: 0 branch, 1 then, 2 else, 3 join, 4 repetition end
  ASSERT_EQ(ifElse.blocks.size(), 5u);
  EXPECT_EQ(ifElse.ipdom[0], 3);
  EXPECT_EQ(ifElse.ipdom[1], 3);
  EXPECT_EQ(ifElse.ipdom[3], 4);
  EXPECT_EQ(ifElse.ipdom[4], -1);
  const SimtProgram loop = buildSimtProgram(shapeOf(DivergencePattern::Loop), 0, kWarpLanes, Predication::Branch);
  // blocks: 0 body, 1 back edge, 2 join, 3 repetition end
  EXPECT_EQ(loop.ipdom[1], 2) << "the loop's exit post-dominates its back edge";
  EXPECT_EQ(loop.ipdom[0], 1);
}

// The warp moves on to another pending group of lanes once per extra group: p - 1 times for p
// paths (the last pop returns to the waiting reconvergence entry, no switch).
TEST(SimtStack, CountsMovesToTheNextGroupOfLanes) {
  EXPECT_EQ(switchesOf(shapeOf(DivergencePattern::OddEven)).switches, 1);
  EXPECT_EQ(switchesOf(shapeOf(DivergencePattern::OddEven)).regroups, 0);
  EXPECT_EQ(switchesOf(shapeOf(DivergencePattern::WarpUniform)).switches, 0);
  PatternShape sw = shapeOf(DivergencePattern::Switch);
  sw.paths = 8;
  EXPECT_EQ(switchesOf(sw).switches, 7);
  EXPECT_EQ(switchesOf(sw).regroups, 7) << "each further switch group goes through the dispatch again";
  PatternShape nested = shapeOf(DivergencePattern::Nested);
  nested.depth = 3;
  EXPECT_EQ(switchesOf(nested).switches, 7);
  PatternShape loop = shapeOf(DivergencePattern::Loop);
  loop.loopSpread = 31;
  EXPECT_EQ(switchesOf(loop).switches, 0) << "lanes that leave a loop just wait at its exit";
}

// What the lab's trace showed on an H100: the group with fewer lanes runs first; on a tie the else
// side of an if/else (the compiler's fall-through), the lowest case of a switch.
TEST(SimtStack, FewerLanesFirstOrderAsTheH100RanThem) {
  EXPECT_EQ(hardwareOrder(shapeOf(DivergencePattern::OddEven)), (std::vector<int>{1, 0}));
  PatternShape firstK = shapeOf(DivergencePattern::FirstK);
  firstK.k = 5;
  EXPECT_EQ(hardwareOrder(firstK), (std::vector<int>{0, 1}));
  firstK.k = 27;
  EXPECT_EQ(hardwareOrder(firstK), (std::vector<int>{1, 0}));
  PatternShape nested = shapeOf(DivergencePattern::Nested);
  nested.depth = 3;
  EXPECT_EQ(hardwareOrder(nested), (std::vector<int>{7, 6, 5, 4, 3, 2, 1, 0}));
  PatternShape sw = shapeOf(DivergencePattern::Switch);
  sw.paths = 4;
  EXPECT_EQ(hardwareOrder(sw), (std::vector<int>{0, 1, 2, 3}));
  PatternShape random = shapeOf(DivergencePattern::Random);
  for (unsigned warp = 0; warp < 16; ++warp) {
    const auto order = hardwareOrder(random, warp);
    if (order.size() < 2) continue;
    EXPECT_LE(std::popcount(pathMask(random, warp, order[0])), std::popcount(pathMask(random, warp, order[1])));
  }
}

// ---- The seed's formula and the trace's scalars -------------------------------------------

TEST(ControlFlowDivergence, SeedFormulaFromMasks) {
  // 100 * (32 * executed - thread executed) / (32 * executed)
  EXPECT_DOUBLE_EQ(controlFlowDivergencePct({0xffffffffu}, {1}), 0.0);
  EXPECT_DOUBLE_EQ(controlFlowDivergencePct({0xffffffffu, 0x0000ffffu}, {1, 1}), 25.0);
  EXPECT_DOUBLE_EQ(controlFlowDivergencePct({0x55555555u, 0xaaaaaaaau}, {64, 64}), 50.0);
  EXPECT_DOUBLE_EQ(controlFlowDivergencePct({0x1u}, {3}), 100.0 * 31 / 32);
  EXPECT_DOUBLE_EQ(controlFlowDivergencePct({0b0101u, 0b1010u}, {1, 1}, 4), 50.0);
}

DivergenceTrace traceOf(DivergencePattern p, int warpsPerBlock = 4) {
  PatternShape s = shapeOf(p);
  return modelTrace(s, {warpsPerBlock, 1, 2}, testParams(), hopperLikeTestDevice());
}

TEST(DivergenceScalars, WarpUniformHasFullEfficiencyAndNoDivergence) {
  const DivergenceTrace t = traceOf(DivergencePattern::WarpUniform);
  EXPECT_DOUBLE_EQ(warpEfficiency(t), 1.0);
  EXPECT_DOUBLE_EQ(traceControlFlowDivergencePct(t), 0.0);
}

TEST(DivergenceScalars, OddEvenHasHalfEfficiencyAndFiftyPercentDivergence) {
  const DivergenceTrace t = traceOf(DivergencePattern::OddEven);
  EXPECT_DOUBLE_EQ(warpEfficiency(t), 0.5);
  EXPECT_DOUBLE_EQ(traceControlFlowDivergencePct(t), 50.0);
}

TEST(DivergenceTimeline, RowsAreWarpsGroupedBySmWith32LaneSubRows) {
  const DivergenceTrace t = traceOf(DivergencePattern::OddEven);
  const View v = warpTimelineView(t, shapeOf(DivergencePattern::OddEven), 2);
  ASSERT_EQ(v.kind, ViewKind::Timeline);
  const Timeline& tl = v.timeline;
  ASSERT_EQ(tl.rows.size(), 8u);
  for (int r = 0; r < 8; ++r) {
    EXPECT_EQ(tl.rows[static_cast<std::size_t>(r)].group, r < 4 ? "SM 0" : "SM 1");
    EXPECT_EQ(tl.rows[static_cast<std::size_t>(r)].subRows, 32);
  }
  ASSERT_EQ(tl.events.size(), 8u * kTraceReps * 2);
  for (const TraceEvent& e : tl.events) {
    EXPECT_TRUE(e.subRowMask == 0x55555555u || e.subRowMask == 0xaaaaaaaau);
    EXPECT_EQ(e.kind, e.subRowMask == 0x55555555u ? "path-0" : "path-1");
    EXPECT_LT(e.start, e.end);
  }
  ASSERT_EQ(tl.kinds.size(), 2u);
  EXPECT_TRUE(std::is_sorted(tl.steps.begin(), tl.steps.end()));
  EXPECT_EQ(tl.steps.size(), 2u * kTraceReps) << "one step per path segment start (warps move together)";
  EXPECT_EQ(tl.timeUnit, "cycles");
}

// ---- Timing: Little's law on one scheduler --------------------------------------------------

TEST(SimtTiming, ScheduledPathTakesItsLatencyOrItsShareOfIssueSlots) {
  const std::vector<WarpItem> work = {{100, 10, 0, 1u}};
  const std::vector<const std::vector<WarpItem>*> one = {&work};
  EXPECT_DOUBLE_EQ(simulateScheduler(one, 1, nullptr), 100);  // latency-bound
  std::vector<const std::vector<WarpItem>*> sixteen(16, &work);
  EXPECT_DOUBLE_EQ(simulateScheduler(sixteen, 1, nullptr), 160);  // 16 x 10 issue slots
  std::vector<const std::vector<WarpItem>*> ten(10, &work);
  EXPECT_DOUBLE_EQ(simulateScheduler(ten, 3, nullptr), 300);  // exactly at the knee
}

TEST(SimtTiming, FluidSharingMatchesLockStepForEqualWarpsAndGivesUnusedSlotsAway) {
  const std::vector<WarpItem> a = {{10, 10, 0, 1u}};
  const std::vector<WarpItem> b = {{10, 10, 1, 2u}};  // same cost, another path: takes the event path
  EXPECT_NEAR(simulateScheduler({&a, &b}, 4, nullptr), 80, 1e-6);
  const std::vector<WarpItem> light = {{100, 10, 0, 1u}};
  const std::vector<WarpItem> heavy = {{100, 100, 1, 2u}};
  // light asks for 0.1 slot per cycle and gets it; heavy gets the other 0.9 (90 of its 100 slots
  // in 100 cycles), then has the scheduler to itself for the last 10.
  std::vector<SimSegment> segs;
  EXPECT_NEAR(simulateScheduler({&light, &heavy}, 1, &segs), 110, 1e-6);
  ASSERT_EQ(segs.size(), 2u);
  EXPECT_NEAR(segs[0].end, 100, 1e-6);
}

TEST(SimtTiming, SlowdownGrowsWithPathsAndMatchesSerialisationWhenWorkDominates) {
  const DeviceInfo device = hopperLikeTestDevice();
  const SimtParams params = testParams();
  const LaunchShape launch{4, 1, 1};
  PatternShape s = shapeOf(DivergencePattern::Uniform);
  s.workFmas = 1024;
  const int reps = 16;
  const double uniform = modelKernelMicroseconds({"uniform", s, 1, reps}, launch, params, device);
  double previous = uniform;
  for (int p : {1, 2, 4, 8, 32}) {
    PatternShape sw = s;
    sw.pattern = static_cast<int>(DivergencePattern::Switch);
    sw.paths = p;
    const double t = modelKernelMicroseconds({"switch", sw, double(p), reps}, launch, params, device);
    EXPECT_GT(t, previous * 0.999) << p << " paths";
    EXPECT_NEAR(t / uniform, p, 0.05 * p) << "1024 FMAs per path dwarf the branch costs";
    previous = t;
  }
}

TEST(SimtTiming, MoreWarpsPerSchedulerStretchEachPathSegment) {
  const DeviceInfo device = hopperLikeTestDevice();
  PatternShape s = shapeOf(DivergencePattern::OddEven);
  const DivergenceTrace few = modelTrace(s, {4, 1, 1}, testParams(), device);   // 1 warp per scheduler
  const DivergenceTrace many = modelTrace(s, {32, 1, 1}, testParams(), device); // 8 warps per scheduler
  const auto firstSegment = [](const DivergenceTrace& t) {
    return t.warps.front().segments.front().end - t.warps.front().segments.front().start;
  };
  EXPECT_DOUBLE_EQ(firstSegment(few), 64 * 4.0) << "latency-bound: work x dependent FMA latency";
  EXPECT_NEAR(firstSegment(many), 8 * 64 * (1 + 3.0 / 16), 1e-9) << "issue-bound: 8 warps share the slots";
}

// Time-weighted efficiency of an if/else with equal work on both sides is 1/2 whatever the split
// (the warp spends both paths' time), and 1 only for warps where every lane agrees.
TEST(SimtTiming, RandomPatternEfficiencyIsHalfUnlessAWarpAgrees) {
  const DeviceInfo device = hopperLikeTestDevice();
  PatternShape s = shapeOf(DivergencePattern::Random);
  s.probabilityPct = 90;
  const DivergenceTrace t = modelTrace(s, {32, 1, 1}, testParams(), device);
  ASSERT_EQ(t.warps.size(), 32u);
  for (const WarpTrace& w : t.warps) {
    ASSERT_FALSE(w.segments.empty());
    for (std::size_t i = 1; i < w.segments.size(); ++i) EXPECT_GE(w.segments[i].start, w.segments[i - 1].end - 1e-9);
  }
  EXPECT_GE(warpEfficiency(t), 0.5);
  EXPECT_LT(warpEfficiency(t), 0.6);
  EXPECT_LE(traceControlFlowDivergencePct(t), 50.0);
  s.probabilityPct = 100;
  EXPECT_DOUBLE_EQ(warpEfficiency(modelTrace(s, {32, 1, 1}, testParams(), device)), 1.0);
}

}  // namespace
}  // namespace warpscope::labs
