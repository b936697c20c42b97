// The window with views of every kind: each tab shows its kind's renderer with the banner,
// and a focus rerun (whose result has no timeline) keeps the timeline of the sweep on screen.
#include <QSignalSpy>
#include <QSlider>
#include <QTabBar>
#include <QTest>

#include <gtest/gtest.h>

#include "animation_bar.h"
#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "controllers/run_controller.h"
#include "fake_backend.h"
#include "main_window.h"
#include "param_control.h"
#include "param_panel.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

std::shared_ptr<test::FakeBackendState> stateWithKinds() {
  auto s = std::make_shared<test::FakeBackendState>();
  s->withKindViews = true;
  return s;
}

struct KindsWindow {
  std::shared_ptr<test::FakeBackendState> state = stateWithKinds();
  RunController runs{[s = state] { return test::makeFakeSession(s); }};
  MainWindow window{&runs};
  QSignalSpy displayed{&window, &MainWindow::resultDisplayed};

  KindsWindow() {
    window.show();
    EXPECT_TRUE(QTest::qWaitFor([&] { return displayed.count() >= 1; }, 5000)) << "first full run shown";
    EXPECT_TRUE(QTest::qWaitFor([&] { return !runs.isBusy(); }, 5000));
  }
};

}  // namespace

TEST(MainWindowKinds, EveryTabShowsItsKindsRendererWithTheBanner) {
  KindsWindow f;
  ChartPanel* panel = f.window.chartPanel();
  const QString banner = QString::fromStdString(f.window.shownResult()->banner());
  for (const char* id : {"warp-timeline", "page-map", "copy-modes"}) {
    SCOPED_TRACE(id);
    ASSERT_TRUE(panel->selectView(QString::fromLatin1(id)));
    const View* v = f.window.shownResult()->findView(id);
    ASSERT_NE(v, nullptr);
    EXPECT_EQ(panel->currentRenderer()->kind(), v->kind);
    EXPECT_TRUE(panel->currentRenderer()->widget()->isVisible());
    EXPECT_TRUE(panel->currentRenderer()->titleText().contains(banner));
    EXPECT_EQ(panel->animationBar()->isVisible(), isAnimated(v->kind));
  }
}

TEST(MainWindowKinds, FocusRerunKeepsTheTimelineOfTheSweep) {
  KindsWindow f;
  ChartPanel* panel = f.window.chartPanel();
  ASSERT_TRUE(panel->selectView(QStringLiteral("warp-timeline")));
  panel->animationClock()->seek(500);
  ParamControl* threads = f.window.paramPanel()->control(QStringLiteral("threads_per_block"));
  ASSERT_NE(threads, nullptr);
  f.displayed.clear();
  threads->slider()->setValue(threads->slider()->value() + 1);  // a Focus parameter
  ASSERT_TRUE(QTest::qWaitFor([&] { return f.displayed.count() >= 1; }, 5000));
  EXPECT_FALSE(f.displayed.at(0).at(0).toBool()) << "merged, not a new sweep";
  ASSERT_NE(f.window.shownResult()->findView("warp-timeline"), nullptr) << "the trace survives";
  EXPECT_EQ(panel->currentViewId(), QStringLiteral("warp-timeline"));
  EXPECT_EQ(panel->currentRenderer()->kind(), ViewKind::Timeline);
  EXPECT_DOUBLE_EQ(panel->animationClock()->position(), 500) << "the animation keeps its place";
}
