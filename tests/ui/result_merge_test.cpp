// Folding a FocusOnly result into the chart on display.
#include <algorithm>

#include <gtest/gtest.h>

#include "result_merge.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

RunResult fullResult() {
  RunResult r;
  r.labId = "lab";
  r.deviceId = "sim:x";
  View v{"v", "Title", ViewKind::Xy, "x", "y", 1.0, {}, "A", 64, true, false, {}, {}, {}};
  v.series.push_back({"A", {{32, 0.1, 0.1, 0.1}, {64, 0.2, 0.2, 0.2}, {96, 0.3, 0.3, 0.3}}});
  v.series.push_back({"B", {{32, 0.4, 0.4, 0.4}, {64, 0.5, 0.5, 0.5}}});
  View w{"w", "At 64 threads", ViewKind::Xy, "x", "y", 1.0, {{"64 threads", {{1, 0.1, 0.1, 0.1}}}}, "64 threads", 1, true, true, {}, {}, {}};
  r.views = {v, w};
  r.scalars = {{"focus.value", "Focus", 0.2, ""}};
  return r;
}

RunResult focusResult(const std::string& series, double x, double y, const std::string& wTitle = "At 64 threads") {
  RunResult r;
  r.labId = "lab";
  r.deviceId = "sim:x";
  r.focusOnly = true;
  r.params = {{"p", 7}};
  r.views.push_back(View{"v", "Title", ViewKind::Xy, "x", "y", 1.0, {{series, {{x, y, y, y}}}}, series, x, true, false, {}, {}, {}});
  r.views.push_back(View{"w", wTitle, ViewKind::Xy, "x", "y", 1.0, {{"64 threads", {{2, y, y, y}}}}, "64 threads", 2, true, true, {}, {}, {}});
  r.scalars = {{"focus.value", "Focus", y, ""}, {"extra", "Extra", 1, ""}};
  return r;
}

}  // namespace

TEST(ResultMerge, FocusPointReplacesThePointWithTheSameSeriesAndX) {
  RunResult shown = fullResult();
  const MergeReport report = mergeFocusResult(shown, focusResult("B", 64, 0.9));
  ASSERT_TRUE(report.merged);
  EXPECT_EQ(report.staleViews, std::vector<std::string>{"w"}) << "w follows the focus";
  const View& v = *shown.findView("v");
  ASSERT_EQ(v.series[1].points.size(), 2u);
  EXPECT_DOUBLE_EQ(v.series[1].points[1].y, 0.9);
  EXPECT_EQ(v.focusSeries, "B");
  EXPECT_DOUBLE_EQ(v.focusX, 64);
  EXPECT_DOUBLE_EQ(shown.findScalar("focus.value")->value, 0.9);
  EXPECT_NE(shown.findScalar("extra"), nullptr);
  EXPECT_EQ(shown.params.at("p"), 7);
  EXPECT_FALSE(shown.focusOnly);
}

TEST(ResultMerge, NewXIsInsertedInOrder) {
  RunResult shown = fullResult();
  ASSERT_TRUE(mergeFocusResult(shown, focusResult("A", 48, 0.15)).merged);
  const auto& pts = shown.findView("v")->series[0].points;
  ASSERT_EQ(pts.size(), 4u);
  EXPECT_DOUBLE_EQ(pts[1].x, 48);
}

TEST(ResultMerge, ViewThatFollowsTheFocusIsReportedStaleAndLeftAlone) {
  RunResult shown = fullResult();
  const MergeReport report = mergeFocusResult(shown, focusResult("A", 64, 0.7));
  ASSERT_TRUE(report.merged);
  ASSERT_EQ(report.staleViews, std::vector<std::string>{"w"});
  EXPECT_EQ(shown.findView("w")->series[0].points.size(), 1u);
  EXPECT_DOUBLE_EQ(shown.findView("v")->series[0].points[1].y, 0.7);
}

TEST(ResultMerge, NewSeriesIsAddedWithTheFocusPointAndTheViewMarkedStale) {
  // A focus move to a configuration the sweep did not draw (latency-memory's elements per
  // thread) shows its point at once instead of waiting for a whole sweep.
  RunResult shown = fullResult();
  const MergeReport report = mergeFocusResult(shown, focusResult("C", 64, 0.7));
  ASSERT_TRUE(report.merged);
  EXPECT_NE(std::find(report.staleViews.begin(), report.staleViews.end(), "v"), report.staleViews.end());
  const View& v = *shown.findView("v");
  ASSERT_EQ(v.series.back().name, "C");
  ASSERT_EQ(v.series.back().points.size(), 1u);
  EXPECT_DOUBLE_EQ(v.series.back().points[0].y, 0.7);
  EXPECT_EQ(v.focusSeries, "C");
}

TEST(ResultMerge, OtherDeviceChangesNothing) {
  RunResult shown = fullResult();
  RunResult focus = focusResult("A", 64, 0.7);
  focus.deviceId = "sim:other";
  EXPECT_FALSE(mergeFocusResult(shown, focus).merged);
  EXPECT_DOUBLE_EQ(shown.findView("v")->series[0].points[1].y, 0.2);
}

TEST(ResultMerge, FocusMergeKeepsTheSweepsBestScalars) {
  // Only full sweeps emit best.*: a focus run sees one point, so it cannot know the best one,
  // and the sweep's value must stay on screen rather than vanish on every slider step.
  RunResult shown = fullResult();
  shown.scalars.push_back({"best.fraction", "Best fraction", 0.8, ""});
  const RunResult focus = focusResult("A", 64, 0.7);
  ASSERT_EQ(focus.findScalar("best.fraction"), nullptr);
  ASSERT_TRUE(mergeFocusResult(shown, focus).merged);
  ASSERT_NE(shown.findScalar("best.fraction"), nullptr);
  EXPECT_DOUBLE_EQ(shown.findScalar("best.fraction")->value, 0.8);
  EXPECT_DOUBLE_EQ(shown.findScalar("focus.value")->value, 0.7);
}

namespace {
View timelineView(const std::string& id, double end) {
  View t;
  t.id = id;
  t.title = "Trace";
  t.kind = ViewKind::Timeline;
  t.timeline.rows = {{"warp 0", "SM 0", 0}};
  t.timeline.events = {{0, 0, end, "a", 0, ""}};
  return t;
}
}  // namespace

TEST(ResultMerge, TimelineOfTheSweepSurvivesAFocusResultWithoutOne) {
  RunResult shown = fullResult();
  shown.views.push_back(timelineView("trace", 10));
  ASSERT_TRUE(mergeFocusResult(shown, focusResult("A", 64, 0.7)).merged);
  ASSERT_NE(shown.findView("trace"), nullptr);
  EXPECT_EQ(shown.findView("trace")->timeline.events.size(), 1u);
  EXPECT_DOUBLE_EQ(shown.findView("trace")->timeline.events[0].end, 10);
}

TEST(ResultMerge, TimelineOfTheFocusRunReplacesTheShownOne) {
  RunResult shown = fullResult();
  shown.views.push_back(timelineView("trace", 10));
  RunResult focus = focusResult("A", 64, 0.7);
  focus.views.push_back(timelineView("trace", 99));
  const MergeReport report = mergeFocusResult(shown, focus);
  ASSERT_TRUE(report.merged);
  EXPECT_DOUBLE_EQ(shown.findView("trace")->timeline.events[0].end, 99);
  EXPECT_EQ(std::count(report.staleViews.begin(), report.staleViews.end(), "trace"), 0);
  EXPECT_EQ(shown.views.size(), 3u) << "replaced in place, not appended";
}

TEST(ResultMerge, StaleViewsAreFoundByTheirFlagNotByComparingTitles) {
  // A title may name the focus without the view depending on it; only followsFocus says so.
  RunResult shown = fullResult();
  shown.views[1].followsFocus = false;
  RunResult focus = focusResult("A", 64, 0.7, "At 128 threads");
  focus.views[1].followsFocus = false;
  const MergeReport report = mergeFocusResult(shown, focus);
  EXPECT_TRUE(report.merged);
  EXPECT_TRUE(report.staleViews.empty());
}

TEST(ResultMerge, NotesDescribeTheFocusPointAfterAFocusMoveAndKeepWhatOnlyTheSweepSays) {
  const std::vector<std::string> shown = {"Best: ILP 4 at 128 threads", "Limiter at K = 16 FMAs: memory bound",
                                          "Simulated with the model"};
  const std::vector<std::string> focus = {"Limiter at K = 128 FMAs: compute bound", "Simulated with the model",
                                          "Focus only: one point"};
  const std::vector<std::string> merged = mergeFocusNotes(shown, focus);
  ASSERT_EQ(merged.size(), 4u);
  EXPECT_EQ(merged[0], "Best: ILP 4 at 128 threads");
  EXPECT_EQ(merged[1], "Limiter at K = 128 FMAs: compute bound");
  EXPECT_EQ(merged[2], "Simulated with the model");
  EXPECT_EQ(merged[3], "Focus only: one point");
}
