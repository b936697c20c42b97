// The divergence lab end to end in the window, on the real simulator (no fake backend): the
// pattern drop-down reruns the lab, the timeline has a row per traced warp grouped by SM with 32
// lane sub-rows, and stepping by keyboard advances one path at a time.
#include <QComboBox>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "animation_bar.h"
#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "controllers/run_controller.h"
#include "main_window.h"
#include "param_control.h"
#include "param_panel.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

struct SimulatorWindow {
  RunController runs{[] { return std::make_unique<Session>(nullptr, makeSimulatorBackend()); }};
  MainWindow window{&runs, StartupChoice{QStringLiteral("divergence"), QStringLiteral("sim:h100"), {}, QStringLiteral("warp-timeline")}};
  QSignalSpy displayed{&window, &MainWindow::resultDisplayed};

  SimulatorWindow() {
    window.show();
    EXPECT_TRUE(QTest::qWaitFor([&] { return displayed.count() >= 1; }, 10000)) << "first sweep shown";
  }
};

}  // namespace

TEST(DivergenceWindow, TimelineShowsEveryTracedWarpByLaneAndStepsOnePathAtATime) {
  SimulatorWindow f;
  ChartPanel* panel = f.window.chartPanel();
  ASSERT_EQ(panel->currentViewId(), QStringLiteral("warp-timeline"));
  EXPECT_EQ(panel->currentRenderer()->kind(), ViewKind::Timeline);
  EXPECT_TRUE(panel->animationBar()->isVisible());
  const Timeline& tl = f.window.shownResult()->findView("warp-timeline")->timeline;
  // Defaults: 2 traced SMs x 4 warps, odd-even over 2 repetitions = 2 paths x 2 per warp.
  ASSERT_EQ(tl.rows.size(), 8u);
  EXPECT_EQ(tl.rows.front().group, "SM 0");
  EXPECT_EQ(tl.rows.front().subRows, 32);
  EXPECT_EQ(tl.events.size(), 8u * 4u);
  ASSERT_EQ(tl.steps.size(), 4u);

  // Home, then the step key: the cursor lands on each path's start in turn.
  panel->setFocus();
  QTest::keyClick(panel, Qt::Key_Home);
  EXPECT_DOUBLE_EQ(panel->animationClock()->position(), panel->animationClock()->start());
  int stepped = 0;
  for (double step : tl.steps) {
    if (step <= panel->animationClock()->position()) continue;
    QTest::keyClick(panel, Qt::Key_Period);
    EXPECT_DOUBLE_EQ(panel->animationClock()->position(), step);
    ++stepped;
  }
  EXPECT_GE(stepped, 3) << "every path after the first is a step";
}

TEST(DivergenceWindow, PatternSpecificControlsAreGreyedOutForOtherPatterns) {
  SimulatorWindow f;
  ParamPanel* panel = f.window.paramPanel();
  ParamControl* k = panel->control(QStringLiteral("k"));
  ParamControl* paths = panel->control(QStringLiteral("paths"));
  ASSERT_TRUE(k && paths);
  EXPECT_FALSE(k->isEnabled()) << "odd-even (the default) has no k";
  EXPECT_FALSE(paths->isEnabled());
  EXPECT_TRUE(panel->control(QStringLiteral("work_fmas"))->isEnabled()) << "every pattern has work per path";
  auto* combo = panel->control(QStringLiteral("pattern"))->findChild<QComboBox*>();
  ASSERT_NE(combo, nullptr);
  combo->setCurrentIndex(combo->findText(QStringLiteral("first-k")));
  EXPECT_TRUE(k->isEnabled());
  EXPECT_FALSE(paths->isEnabled());
}

TEST(DivergenceWindow, ChoosingAPatternByNameRerunsTheLabWithIt) {
  SimulatorWindow f;
  ParamControl* pattern = f.window.paramPanel()->control(QStringLiteral("pattern"));
  ASSERT_NE(pattern, nullptr);
  auto* combo = pattern->findChild<QComboBox*>();
  ASSERT_NE(combo, nullptr) << "a named choice is a drop-down";
  const int switchIndex = combo->findText(QStringLiteral("switch"));
  ASSERT_GE(switchIndex, 0);
  f.displayed.clear();
  combo->setCurrentIndex(switchIndex);
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() >= 1 && !f.runs.isBusy(); }, 10000));
  const RunResult* shown = f.window.shownResult();
  ASSERT_NE(shown, nullptr);
  EXPECT_EQ(shown->paramNames.at("pattern"), "switch");
  // switch with the default 4 cases: 4 path kinds on the timeline.
  EXPECT_EQ(shown->findView("warp-timeline")->timeline.kinds.size(), 4u);
  EXPECT_NE(f.window.chartPanel()->currentRenderer()->titleText().indexOf(QStringLiteral("Simulated: H100")), -1);
}
