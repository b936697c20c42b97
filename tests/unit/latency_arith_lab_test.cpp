#include <gtest/gtest.h>

#include "labs/latency_arith/latency_arith_lab.h"
#include "lab_test_device.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {
ParamSet defaults() { return defaultParams(latencyArithSpec().params); }
}  // namespace

TEST(LatencyArithPlan, FullSweepCoversEveryIlpAndEveryWarpMultipleThatFits) {
  ParamSet params = defaults();
  params.set("blocks_per_sm", 2);
  const auto plan = arithPlan(hopperLikeTestDevice(), params, RunScope::FullSweep);
  // 2 blocks per SM on a 2048-thread SM: blocks of 32..1024 threads, 32 sizes, 6 ILPs.
  EXPECT_EQ(plan.size(), 6u * 32u);
  for (const auto& c : plan) EXPECT_LE(c.threadsPerSm(), 2048);
}

TEST(LatencyArithPlan, FocusOnlyVisitsJustTheHighlightedConfiguration) {
  const auto plan = arithPlan(hopperLikeTestDevice(), defaults(), RunScope::FocusOnly);
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].ilp, 4);
  EXPECT_EQ(plan[0].threadsPerBlock, 256);
}

TEST(LatencyArithFeasibility, TooManyThreadsPerSmIsRefusedNamingBothParameters) {
  ParamSet params = defaults();
  params.set("threads_per_block", 1024);
  params.set("blocks_per_sm", 4);
  try {
    checkArithFeasible(hopperLikeTestDevice(), params);
    FAIL() << "4096 threads cannot fit on a 2048-thread SM";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("threads_per_block x blocks_per_sm"), std::string::npos) << e.what();
  }
}

TEST(LatencyArithAssembly, FractionsAreMedianOverPeakAndSeriesAreSortedByThreads) {
  const DeviceInfo device = hopperLikeTestDevice();
  const double peak = device.theoreticalFp32Gflops();
  std::vector<ArithMeasurement> points = {{{1, 64, 1}, peak * 0.2, peak * 0.19, peak * 0.21},
                                          {{1, 32, 1}, peak * 0.1, peak * 0.1, peak * 0.1},
                                          {{4, 256, 1}, peak * 0.95, peak * 0.9, peak * 0.96}};
  const RunResult r = assembleArithResult(device, defaults(), points, peak, RunScope::FullSweep);
  const View* view = r.findView("fraction-vs-threads");
  ASSERT_NE(view, nullptr);
  ASSERT_EQ(view->series.size(), 2u);
  EXPECT_EQ(view->series[0].name, "ILP 1");
  EXPECT_DOUBLE_EQ(view->series[0].points[0].x, 32);
  EXPECT_NEAR(view->series[0].points[1].y, 0.2, 1e-12);
  EXPECT_NEAR(r.findScalar("best.fraction")->value, 0.95, 1e-12);
  EXPECT_NEAR(r.findScalar("focus.fraction")->value, 0.95, 1e-12) << "focus is ILP 4 at 256 threads";
  EXPECT_NEAR(r.findScalar("threads_for_90pct.ilp_4")->value, 256, 1e-12);
  EXPECT_EQ(r.findScalar("threads_for_90pct.ilp_1"), nullptr) << "ILP 1 never reached 90%";
  EXPECT_TRUE(view->hasFocus);
  EXPECT_EQ(view->focusSeries, "ILP 4");
  ASSERT_NE(r.findView("fraction-vs-ilp"), nullptr);
  EXPECT_EQ(r.findView("fraction-vs-ilp")->series[0].points.size(), 1u) << "only ILP 4 ran at 256 threads";
}

TEST(LatencyArithAssembly, FocusOnlyResultReportsNoBestSoTheSweepsBestSurvivesAMerge) {
  // Review finding: a focus-only run's single point was reported as "best" and replaced the
  // sweep's best in the GUI's scalar panel after every slider move.
  const DeviceInfo device = hopperLikeTestDevice();
  const double peak = device.theoreticalFp32Gflops();
  const RunResult r = assembleArithResult(device, defaults(), {{{4, 256, 1}, peak * 0.5, peak * 0.5, peak * 0.5}},
                                          peak, RunScope::FocusOnly);
  EXPECT_EQ(r.findScalar("best.fraction"), nullptr);
  EXPECT_EQ(r.findScalar("best.gflops"), nullptr);
  ASSERT_NE(r.findScalar("focus.fraction"), nullptr);
  EXPECT_NEAR(r.findScalar("focus.fraction")->value, 0.5, 1e-12);
}
