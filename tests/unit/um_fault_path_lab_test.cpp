// The um-fault-path lab end to end on the simulator: its declared views, a timeline and a page
// map of each shown scenario; the fault path drawn stage by stage; paging before Pascal moving the
// whole buffer at launch and losing to on-demand paging when the kernel touches little of it; and
// access counters moving only the hot set.
#include <gtest/gtest.h>

#include <string>

#include "um_test_support.h"

using namespace warpscope;
using um_test::scalar;

TEST(UmFaultPathLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-fault-path");
  for (const char* shown : {"shown=paging", "shown=first-touch", "shown=access-counters"}) {
    const RunOutcome o = um_test::simulateLab("um-fault-path", {shown, "paging=at-launch"});
    ASSERT_TRUE(o.ok()) << shown << ": " << o.error().message;
    EXPECT_FALSE(o.result().findView("page-map")->grid.changes.empty()) << shown;
  }
}

TEST(UmFaultPathLab, TheFaultPathHasARowPerWarpAndAStepPerStage) {
  const RunOutcome o = um_test::simulateLab("um-fault-path", {"warps=6"});
  ASSERT_TRUE(o.ok()) << o.error().message;
  const View* v = o.result().findView("fault-path");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->timeline.rows.size(), 6u + 5u);
  EXPECT_GE(v->timeline.steps.size(), 6u);
  int stalled = 0;
  for (const TraceEvent& e : v->timeline.events) stalled += e.kind == "stalled";
  EXPECT_EQ(stalled, 6);
  EXPECT_DOUBLE_EQ(scalar(o.result(), "fault_path.fault_entries"), 6);
  EXPECT_GT(scalar(o.result(), "fault_path.stall_us"), scalar(o.result(), "fault_path.copy_us"));
}

TEST(UmFaultPathLab, AtLaunchMovesTheWholeBufferAndWinsOnlyWhenTheKernelTouchesMostOfIt) {
  const RunOutcome o = um_test::simulateLab("um-fault-path", {"buffer_mib=64", "touched_pct=10"});
  ASSERT_TRUE(o.ok()) << o.error().message;
  const RunResult& r = o.result();
  EXPECT_DOUBLE_EQ(scalar(r, "paging.at_launch.mib_htod"), 64);
  EXPECT_DOUBLE_EQ(scalar(r, "paging.at_launch.gpu_faults"), 0);
  EXPECT_LT(scalar(r, "paging.on_demand.mib_htod"), 16);
  EXPECT_GT(scalar(r, "paging.at_launch.ms"), scalar(r, "paging.on_demand.ms"));
  const View* chart = r.findView("paging-vs-touched");
  ASSERT_NE(chart, nullptr);
  ASSERT_EQ(chart->series.size(), 2u);
  // All of it touched: one bulk copy at the link's rate beats faulting it in.
  EXPECT_LT(chart->series[1].points.back().y, chart->series[0].points.back().y);
}

TEST(UmFaultPathLab, AccessCountersMoveOnlyTheHotSet) {
  const RunOutcome o = um_test::simulateLab("um-fault-path", {"hot_mib=8"});
  ASSERT_TRUE(o.ok()) << o.error().message;
  const RunResult& r = o.result();
  EXPECT_DOUBLE_EQ(scalar(r, "access.counters.hot_mib_on_gpu"), 8);
  EXPECT_DOUBLE_EQ(scalar(r, "access.counters.cold_mib_on_gpu"), 0);
  EXPECT_GT(scalar(r, "access.first_touch.cold_mib_on_gpu"), 1);
  EXPECT_LT(scalar(r, "access.counters.mib_migrated"), scalar(r, "access.first_touch.mib_migrated"));
  EXPECT_GT(scalar(r, "access.counters.remote_kib_before_migration"), 0);
  EXPECT_DOUBLE_EQ(scalar(r, "access.first_touch.remote_kib_before_migration"), 0);
}
