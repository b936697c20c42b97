// The streams lab on the simulator: every declared view with the issue's scalars, a slider step
// that runs the focus alone, the timeline holding every operation on its stream's row and its
// engine's, pageable memory losing the overlap, and profiles without the mechanism refused.
#include <gtest/gtest.h>

#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "labs/streams/streams_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, RunScope scope = RunScope::FullSweep,
                    const std::string& device = "sim:h200") {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kStreamsId, device, parseAssignments(streamsSpec().params, sets), scope}, nullptr, cancel);
}

int eventsOfKind(const View& v, const std::string& kind, int row = -1) {
  int n = 0;
  for (const TraceEvent& e : v.timeline.events) n += e.kind == kind && (row < 0 || e.row == row);
  return n;
}

}  // namespace

TEST(StreamsLab, ASweepHasTheDeclaredViewsAndTheIssuesScalars) {
  const RunOutcome out = simulate({});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  for (const char* id : {"total-vs-streams", "timeline", "operation-times"}) ASSERT_NE(r.findView(id), nullptr) << id;
  EXPECT_EQ(r.findView("model-timeline"), nullptr);  // simulated: the timeline is the model's
  for (const char* id : {"streams.total_ms", "streams.model_total_ms", "streams.overlap_fraction",
                         "streams.speedup_vs_one_stream"})
    ASSERT_NE(r.findScalar(id), nullptr) << id;
  const View* total = r.findView("total-vs-streams");
  ASSERT_EQ(total->series.size(), 2u);  // both orders; no model beside the model
  EXPECT_EQ(total->series[0].points.size(), 8u);
  EXPECT_GT(r.findScalar("streams.speedup_vs_one_stream")->value, 1.5);
  EXPECT_GT(r.findScalar("streams.overlap_fraction")->value, 0.5);
}

TEST(StreamsLab, TheTimelineHoldsEveryOperationOnItsStreamAndItsEngine) {
  const RunOutcome out = simulate({"streams=4"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const View& t = *out.result().findView("timeline");
  ASSERT_EQ(t.kind, ViewKind::Timeline);
  // 4 streams, then the two copy engines and the SMs.
  ASSERT_EQ(t.timeline.rows.size(), 7u);
  EXPECT_EQ(t.timeline.rows[4].label, "copy engine: to the device");
  EXPECT_EQ(t.timeline.rows[6].label, "SMs");
  for (const char* kind : {"htod", "kernel", "dtoh"}) EXPECT_EQ(eventsOfKind(t, kind), 2 * 4) << kind;
  EXPECT_EQ(eventsOfKind(t, "htod", 4), 4);
  EXPECT_EQ(eventsOfKind(t, "dtoh", 5), 4);
  EXPECT_EQ(eventsOfKind(t, "kernel", 6), 4);
  for (int s = 0; s < 4; ++s) EXPECT_EQ(eventsOfKind(t, "kernel", s), 1);
  EXPECT_FALSE(t.timeline.steps.empty());
}

TEST(StreamsLab, PageableMemoryLosesTheOverlap) {
  const RunOutcome pinned = simulate({"streams=4"});
  const RunOutcome pageable = simulate({"streams=4", "host_memory=pageable"});
  ASSERT_TRUE(pinned.ok() && pageable.ok());
  EXPECT_DOUBLE_EQ(pageable.result().findScalar("streams.overlap_fraction")->value, 0);
  EXPECT_NEAR(pageable.result().findScalar("streams.speedup_vs_one_stream")->value, 1, 0.02);
}

TEST(StreamsLab, ASliderStepRunsTheFocusAlone) {
  const RunOutcome out = simulate({"streams=6", "order=breadth-first"}, RunScope::FocusOnly);
  ASSERT_TRUE(out.ok()) << out.error().message;
  const View* total = out.result().findView("total-vs-streams");
  ASSERT_NE(total, nullptr);
  EXPECT_EQ(total->series[0].points.size(), 0u);
  ASSERT_EQ(total->series[1].points.size(), 1u);
  EXPECT_EQ(total->series[1].points[0].x, 6);
  EXPECT_EQ(total->focusSeries, "breadth-first");
}

TEST(StreamsLab, TheSimulatedDefaultRunTakesAtMost50Milliseconds) {
  // A guard against an accidentally quadratic model, with a wide margin; bench prints the figure.
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(simulate({}).ok());
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 0.5);
}

TEST(StreamsLab, AProfileWithoutTheStreamsMechanismIsRefusedByName) {
  const RunOutcome out = simulate({}, RunScope::FullSweep, "sim:a100");  // has host_link, no streams
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("mechanisms.streams"), std::string::npos) << out.error().message;
}
