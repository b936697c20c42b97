// The window over a fake backend: slider -> run request, focus updates in place, the banner
// in the chart, and surviving a failed run.
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QSignalSpy>
#include <QSlider>
#include <QTabBar>
#include <QTest>

#include <gtest/gtest.h>

#include "chart_panel.h"
#include "controllers/run_controller.h"
#include "device_selector.h"
#include "fake_backend.h"
#include "main_window.h"
#include "window_fixture.h"
#include "message_bar.h"
#include "param_control.h"
#include "param_panel.h"
#include "warpscope/registry.h"

using namespace warpscope;
using namespace warpscope::ui;

using test::WindowFixture;

TEST(MainWindow, FirstRunUsesTheDefaultDeviceAndShowsOneTabPerView) {
  WindowFixture f;
  ASSERT_NE(f.window.shownResult(), nullptr);
  EXPECT_EQ(f.window.currentDeviceId(), QString::fromLatin1(test::kFakeDeviceId));
  const LabSpec& lab = LabRegistry::builtin().get(f.window.currentLabId().toStdString());
  EXPECT_EQ(f.window.chartPanel()->viewTabs()->count(), static_cast<int>(lab.views.size()));
  EXPECT_EQ(f.window.chartPanel()->currentViewId(), QString::fromStdString(lab.views.front().id));
  EXPECT_FALSE(f.window.deviceSelector()->itemData(0, Qt::ToolTipRole).toString().isEmpty())
      << "every device has a tooltip with its properties";
}

TEST(MainWindow, SweepSliderChangeQueuesAFullRunCarryingTheNewValue) {
  WindowFixture f;
  ParamControl* blocks = f.window.paramPanel()->control(QStringLiteral("blocks_per_sm"));
  ASSERT_NE(blocks, nullptr);
  f.queued.clear();
  blocks->slider()->setValue(blocks->slider()->value() + 1);
  ASSERT_EQ(f.queued.count(), 1);
  const RunRequest r = f.queued.at(0).at(1).value<RunRequest>();
  EXPECT_EQ(r.scope, RunScope::FullSweep);
  EXPECT_EQ(r.params.getInt("blocks_per_sm"), static_cast<int>(blocks->value()));
  EXPECT_EQ(r.deviceId, test::kFakeDeviceId);
}

TEST(MainWindow, FocusSliderChangeRunsOnlyTheFocusPointAndMovesTheHighlightInPlace) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  ParamControl* threads = f.window.paramPanel()->control(QStringLiteral("threads_per_block"));
  ASSERT_NE(threads, nullptr);
  f.queued.clear();
  f.displayed.clear();
  threads->slider()->setValue(threads->slider()->value() + 3);
  ASSERT_EQ(f.queued.count(), 1);
  const RunRequest r = f.queued.at(0).at(1).value<RunRequest>();
  EXPECT_EQ(r.scope, RunScope::FocusOnly);
  EXPECT_EQ(r.params.getInt("threads_per_block"), static_cast<int>(threads->value()));
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() >= 1; }, 5000));
  EXPECT_FALSE(f.displayed.at(0).at(0).toBool()) << "merged in place, not a new sweep";
  QPointF at;
  ASSERT_TRUE(f.window.chartPanel()->viewChart().focusMarker(&at));
  EXPECT_DOUBLE_EQ(at.x(), threads->value());
}

TEST(MainWindow, BannerOfTheResultIsInsideTheChart) {
  WindowFixture f;
  const QString banner = QString::fromStdString(f.window.shownResult()->banner());
  EXPECT_EQ(banner, QStringLiteral("Simulated: ") + QString::fromLatin1(test::kFakeDeviceName));
  EXPECT_TRUE(f.window.chartPanel()->chartView()->chart()->title().contains(banner));
  // Every view carries it, not just the first.
  for (int i = 0; i < f.window.chartPanel()->viewTabs()->count(); ++i) {
    f.window.chartPanel()->viewTabs()->setCurrentIndex(i);
    EXPECT_TRUE(f.window.chartPanel()->chartView()->chart()->title().contains(banner)) << i;
  }
}

TEST(MainWindow, ErrorResultLeavesTheWindowWorkingWithTheLastChart) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  const QString titleBefore = f.window.chartPanel()->chartView()->chart()->title();
  const int pointsBefore = static_cast<int>(f.window.shownResult()->views.front().series.front().points.size());
  QSignalSpy errors(&f.window, &MainWindow::runErrorShown);
  {
    std::lock_guard lock(f.state->mutex);
    f.state->failNext = true;
  }
  f.window.rerun();
  ASSERT_TRUE(QTest::qWaitFor([&] { return errors.count() == 1; }, 5000));
  EXPECT_EQ(errors.at(0).at(0).value<RunError>().kind, RunError::Kind::Device);
  EXPECT_TRUE(f.window.messageBar()->isVisible());
  EXPECT_TRUE(f.window.messageBar()->text().contains(QStringLiteral("illegal memory access")));
  EXPECT_EQ(f.window.chartPanel()->chartView()->chart()->title(), titleBefore) << "the last good chart stays";
  EXPECT_EQ(static_cast<int>(f.window.shownResult()->views.front().series.front().points.size()), pointsBefore);
  // Set WARPSCOPE_UI_TEST_ARTIFACTS=DIR to look at the window with its error strip.
  if (const QString keep = qEnvironmentVariable("WARPSCOPE_UI_TEST_ARTIFACTS"); !keep.isEmpty())
    f.window.grab().save(QDir(keep).filePath(QStringLiteral("window_after_error.png")));

  // And the next run works and clears the error.
  f.displayed.clear();
  f.window.rerun();
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() == 1; }, 5000));
  EXPECT_FALSE(f.window.messageBar()->isVisible());
}

TEST(MainWindow, UnknownStartupDeviceIsReportedAndTheDefaultUsed) {
  StartupChoice startup;
  startup.deviceId = QStringLiteral("cuda:7");
  WindowFixture f(startup);
  EXPECT_EQ(f.window.currentDeviceId(), QString::fromLatin1(test::kFakeDeviceId));
  EXPECT_TRUE(f.window.messageBar()->text().contains(QStringLiteral("cuda:7")));
}

TEST(MainWindow, SwitchingLabsRebuildsTheParametersAndRunsTheNewLab) {
  WindowFixture f;
  f.displayed.clear();
  ASSERT_TRUE(f.window.selectLab(QStringLiteral("latency-memory")));
  const LabSpec& lab = LabRegistry::builtin().get("latency-memory");
  EXPECT_EQ(f.window.paramPanel()->controlCount(), static_cast<int>(lab.params.size()));
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() >= 1; }, 5000));
  EXPECT_EQ(f.window.shownResult()->labId, "latency-memory");
  EXPECT_EQ(f.window.chartPanel()->currentViewId(), QString::fromStdString(lab.views.front().id));
}

// On a projector's 1280x720 the window opened at 1500x900, its Next and Leave lecture off screen.
TEST(MainWindow, TheFirstSizeFitsTheScreensAvailableArea) {
  EXPECT_EQ(defaultWindowSize(QSize(2560, 1440)), QSize(1500, 900));
  const QSize small = defaultWindowSize(QSize(1280, 720 - 32));  // a panel takes 32 px
  EXPECT_LE(small.width(), 1280);
  EXPECT_LE(small.height(), 720 - 32 - 40) << "room for the title bar";
  EXPECT_EQ(defaultWindowSize(QSize()), QSize(1500, 900)) << "no screen known";
  test::WindowFixture f;
  EXPECT_LE(f.window.minimumSizeHint().width(), small.width()) << "the window can be that small";
  EXPECT_LE(f.window.minimumSizeHint().height(), small.height());
}

// Issue 28: a lab whose first run failed showed "could not run" beside "The chart still shows the
// last finished run", which was another lab's, no longer on screen.
TEST(MainWindow, AFailedFirstRunOfALabDoesNotClaimTheChartShowsARun) {
  WindowFixture f;
  ASSERT_TRUE(f.waitIdle());
  QSignalSpy errors(&f.window, &MainWindow::runErrorShown);
  {
    std::lock_guard lock(f.state->mutex);
    f.state->failNext = true;
  }
  ASSERT_TRUE(f.window.selectLab(QStringLiteral("occupancy")));
  ASSERT_TRUE(QTest::qWaitFor([&] { return errors.count() == 1; }, 5000));
  EXPECT_FALSE(f.window.messageBar()->text().contains(QStringLiteral("still shows"))) << f.window.messageBar()->text().toStdString();
  EXPECT_TRUE(f.window.messageBar()->text().contains(QStringLiteral("No run of this lab is on screen yet")));
  // The chart says why in a few lines (a one-sentence error whole), never cut by Qt Charts.
  const QString placeholder = f.window.chartPanel()->chartView()->chart()->title();
  EXPECT_TRUE(placeholder.contains(QStringLiteral("<br>"))) << "broken into lines";
  const QString text = QString(placeholder).replace(QStringLiteral("<br>"), QStringLiteral(" "));
  EXPECT_TRUE(text.contains(QStringLiteral("could not run: cudaMemcpy(dst, src, n,"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("an illegal memory access was encountered")));
  // Once a run of it is on screen, a failure says the chart keeps it.
  f.displayed.clear();
  f.window.rerun();
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() == 1; }, 5000));
  {
    std::lock_guard lock(f.state->mutex);
    f.state->failNext = true;
  }
  f.window.rerun();
  ASSERT_TRUE(QTest::qWaitFor([&] { return errors.count() == 2; }, 5000));
  EXPECT_TRUE(f.window.messageBar()->text().contains(QStringLiteral("The chart still shows the last finished run")));
}
