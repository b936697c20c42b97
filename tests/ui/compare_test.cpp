// Compare (Ctrl+P): a pinned run is laid over later runs of its lab, dashed, labelled with what
// differs and how far the lines lie apart; the run itself (scalars, exports of data) is unchanged.
#include <gtest/gtest.h>

#include "compare.h"
#include "main_window.h"
#include "message_bar.h"
#include "param_panel.h"
#include "warpscope/registry.h"
#include "window_fixture.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

RunResult run(const std::string& device, double ilp, double scale) {
  RunResult r;
  r.labId = "latency-arith";
  r.deviceId = device;
  r.deviceName = device == "sim:h200" ? "H200 SXM (model)" : "NVIDIA H200";
  r.provenance = device == "sim:h200" ? Provenance::Simulated : Provenance::Measured;
  r.params = {{"ilp", ilp}, {"threads_per_block", 256}, {"blocks_per_sm", 1}};
  View v;
  v.id = "fraction-vs-threads";
  v.series.push_back({"ILP 1", {{32, 0.1 * scale, 0.1 * scale, 0.1 * scale}, {64, 0.2 * scale, 0.2 * scale, 0.2 * scale}}, 1});
  r.views.push_back(v);
  return r;
}

}  // namespace

TEST(Compare, PinnedSeriesAreAddedDashedWithWhatDiffersAndTheMeanDifference) {
  const RunResult measured = run("cuda:0", 4, 1.0);
  const RunResult model = run("sim:h200", 1, 1.1);  // the model 10% above the measurement
  const RunResult both = withPinned(measured, model);
  const View& v = both.views[0];
  ASSERT_EQ(v.series.size(), 2u);
  EXPECT_EQ(v.series[1].comparesWith, "ILP 1");
  EXPECT_EQ(v.series[1].name, "ILP 1 pinned, 10.0% apart") << v.series[1].name;
  EXPECT_TRUE(v.title.ends_with("(dashed: H200 SXM (model), Instruction-level parallelism = 1)")) << v.title;
  EXPECT_NE(both.notes.front().find("Dashed: the pinned run (Simulated: H200 SXM (model)"), std::string::npos);
  EXPECT_EQ(measured.views[0].series.size(), 1u);  // the run itself is untouched
}

TEST(Compare, PinOfAnotherLabIsNotDrawn) {
  RunResult other = run("cuda:0", 4, 1.0);
  other.labId = "roofline";
  EXPECT_EQ(withPinned(run("cuda:0", 4, 1.0), other).views[0].series.size(), 1u);
}

TEST(CompareWindow, CtrlPPinsAndLaterRunsDrawItUntilTheClearsThePin) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  f.window.pinShownResult();
  const size_t plain = f.window.shownResult()->views.front().series.size();
  f.window.rerun();
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() >= 2 && !f.runs.isBusy(); }, 5000));
  const RunResult* displayed = f.window.displayedResult();
  ASSERT_NE(displayed, nullptr);
  EXPECT_EQ(displayed->views.front().series.size(), 2 * plain);
  EXPECT_EQ(f.window.shownResult()->views.front().series.size(), plain);
  EXPECT_NE(displayed->views.front().series.back().name.find(" pinned"), std::string::npos);
  f.window.clearPin();
  EXPECT_EQ(f.window.displayedResult()->views.front().series.size(), plain);
}

TEST(CompareWindow, PinTheModelRunsTheSameParametersOnTheModelAndPinsIt) {
  test::WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  const size_t plain = f.window.shownResult()->views.front().series.size();
  const size_t runsBefore = f.state->runCount();
  f.window.pinModel();  // the fake GPU is its own model: the same run, pinned
  ASSERT_TRUE(f.state->waitForRuns(runsBefore + 1));
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.window.displayedResult()->views.front().series.size() == 2 * plain; }, 5000));
  EXPECT_EQ(f.window.shownResult()->views.front().series.size(), plain);
  EXPECT_TRUE(f.window.messageBar()->text().startsWith(QStringLiteral("Pinned: ")));
}
