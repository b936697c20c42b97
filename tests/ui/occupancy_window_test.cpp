// The occupancy lab end to end in the window, on the real simulator's Kepler profile (the
// lecture's SM): the limits tab shows one bar per resource for both rules, and moving the
// registers slider by keyboard reruns the calculator and moves the limit from registers to the
// block slots.
#include <QSignalSpy>
#include <cstdlib>
#include <QSlider>
#include <QTest>

#include <gtest/gtest.h>

#include "chart_panel.h"
#include "controllers/run_controller.h"
#include "main_window.h"
#include "param_control.h"
#include "param_panel.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

struct OccupancyWindow {
  RunController runs{[] { return std::make_unique<Session>(nullptr, makeSimulatorBackend()); }};
  MainWindow window{&runs, StartupChoice{QStringLiteral("occupancy"), QStringLiteral("sim:k40"), {}, QStringLiteral("limits")}};
  QSignalSpy displayed{&window, &MainWindow::resultDisplayed};

  OccupancyWindow() {
    window.resize(1500, 900);
    window.show();
    EXPECT_TRUE(QTest::qWaitFor([&] { return displayed.count() >= 1 && !runs.isBusy(); }, 10000)) << "first run shown";
  }
  double scalar(const char* id) const {
    const Scalar* s = window.shownResult()->findScalar(id);
    return s ? s->value : -1;
  }
};

}  // namespace

TEST(OccupancyWindow, LimitsTabShowsTheSlidesSecondExampleWithBothRules) {
  OccupancyWindow f;
  ChartPanel* panel = f.window.chartPanel();
  ASSERT_EQ(panel->currentViewId(), QStringLiteral("limits"));
  EXPECT_EQ(panel->currentRenderer()->kind(), ViewKind::Bars);
  EXPECT_NE(panel->currentRenderer()->titleText().indexOf(QStringLiteral("Simulated: Tesla K40")), -1);
  const Bars& bars = f.window.shownResult()->findView("limits")->bars;
  ASSERT_EQ(bars.categories.size(), 4u);
  EXPECT_NE(bars.categories[1].find("the limit"), std::string::npos) << bars.categories[1];
  EXPECT_EQ(f.scalar("occupancy.percent"), 25.0);
  EXPECT_EQ(f.scalar("occupancy.simple.percent"), 31.25);
}

TEST(OccupancyWindow, FewestRegistersByKeyboardMoveTheLimitToTheBlockSlots) {
  OccupancyWindow f;
  ParamControl* regs = f.window.paramPanel()->control(QStringLiteral("registers_per_thread"));
  ASSERT_NE(regs, nullptr);
  auto* slider = regs->findChild<QSlider*>();
  ASSERT_NE(slider, nullptr);
  slider->setFocus();
  f.displayed.clear();
  // Home: the slider's lowest value, 1 register per thread.
  QTest::keyClick(slider, Qt::Key_Home);
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() >= 1 && !f.runs.isBusy(); }, 10000));
  EXPECT_EQ(f.window.shownResult()->params.at("registers_per_thread"), 1);
  // 64 threads x 1 register: 16 block slots x 2 warps = 32 of 64 warps.
  EXPECT_EQ(f.scalar("occupancy.blocks_per_sm"), 16);
  EXPECT_EQ(f.scalar("occupancy.percent"), 50.0);
  EXPECT_EQ(f.scalar("occupancy.limiter"), static_cast<double>(3)) << "blocks per SM";
  if (const char* dir = std::getenv("WARPSCOPE_SCREENSHOT_DIR"))
    f.window.grab().save(QString::fromUtf8(dir) + QStringLiteral("/occupancy_window_test.png"));
}
