// The issue-slots lab on the simulator: the programs, the grid's frames, the latency-arith points
// beside the scheduler model, Volkov's table from every profile, and bad input.
#include "labs/issue_slots/issue_slots_lab.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/run_monitor.h"
#include "labs/issue_slots/issue_slots_model.h"
#include "mechanisms/device_profile.h"
#include "test_data.h"

namespace warpscope::labs {
namespace {

RunResult simulate(const std::string& profileId, const std::vector<std::string>& settings) {
  static const ProgressFn noProgress;
  CancelToken cancel;
  RunMonitor monitor(noProgress, cancel);
  const ParamSet params = parseAssignments(issueSlotsSpec().params, settings);
  return simulateIssueSlots(test::shippedProfile(profileId),
                            {kIssueSlotsId, "sim:" + profileId, params, RunScope::FullSweep}, monitor);
}

}  // namespace

TEST(IssueSlotsLab, TheGridHasASlotRowAndAWarpRowEachAndAFramePerCycle) {
  const RunResult r = simulate("h200", {"program=volkov-xyz", "warps=3", "cycles_shown=20"});
  const View* v = r.findView("issue-slots");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->grid.rows(), 4);
  EXPECT_EQ(v->grid.columns(), 20);
  ASSERT_EQ(v->grid.frames.size(), 20u);
  // The first frame shows cycle 0 only: the last column is still "not yet".
  const std::vector<int>& first = v->grid.frames.front().cells;
  EXPECT_EQ(v->grid.states[first[19]].id, "future");
  EXPECT_EQ(v->grid.frames.front().text[20], "x");  // warp 0 issues x in cycle 0
}

TEST(IssueSlotsLab, LatencyArithPointsSitBesideTheSchedulerModel) {
  const RunResult r = simulate("h100", {"program=dependent", "warps=1"});
  const View* v = r.findView("utilization-vs-warps");
  ASSERT_NE(v, nullptr);
  const auto arith = std::find_if(v->series.begin(), v->series.end(),
                                  [](const Series& s) { return s.name == "latency-arith: ILP 1"; });
  ASSERT_NE(arith, v->series.end());
  EXPECT_EQ(arith->points.size(), 16u);  // 16 warps x 4 schedulers x 32 = 2048 threads fit
  EXPECT_NEAR(arith->points.front().y, test::scalarOf(r, "issue.utilization"), 0.05);
}

TEST(IssueSlotsLab, VolkovsTableComesFromEveryProfile) {
  const RunResult r = simulate("h200", {});
  EXPECT_DOUBLE_EQ(test::scalarOf(r, "issue.needed.gtx480"), 18 * 32);
  EXPECT_DOUBLE_EQ(test::scalarOf(r, "issue.needed.k40"), 9 * 192);
  EXPECT_NEAR(test::scalarOf(r, "issue.ilp1_ceiling.k40"), 2.0 / 3.0, 0.01);
  const View* bars = r.findView("needed-parallelism");
  ASSERT_NE(bars, nullptr);
  EXPECT_EQ(bars->bars.categories.size(), test::shippedProfiles().size());
}

TEST(IssueSlotsLab, OneWarpWithFourChainsIssuesLikeFourWarpsOfOne) {
  for (const char* id : {"gtx480", "v100", "h100"}) {
    const RunResult r = simulate(id, {"program=independent-chains", "ilp=4", "warps=1"});
    EXPECT_NEAR(test::scalarOf(r, "issue.utilization"), test::scalarOf(r, "issue.utilization_as_warps"), 0.02) << id;
  }
}

TEST(IssueSlotsLab, AnUnknownProgramIsRefusedByName) {
  try {
    simulate("h200", {"program=random"});
    FAIL() << "expected BadInputError";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("program"), std::string::npos) << e.what();
  }
}

}  // namespace warpscope::labs
