// The animated kinds share one set of controls, all of them on the keyboard: Space plays and
// pauses, Right/'.' steps to the next stop (a timeline's step time, a grid's next frame),
// Left/',' back, Home/End jump, [ and ] change the speed; non-animated views hide them.
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

#include "animation_bar.h"
#include "chart_panel.h"
#include "controllers/animation_clock.h"
#include "views/demo_views.h"
#include "views/timeline_model.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

struct PanelFixture {
  ChartPanel panel;
  RunResult result = demoResult();
  PanelFixture() {
    panel.resize(1200, 800);
    panel.display(result);
    panel.show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&panel));
  }
  AnimationClock& clock() { return *panel.animationClock(); }
};

}  // namespace

TEST(AnimationClock, StepsStopAtTheStopsAndClampAtTheEnds) {
  AnimationClock c;
  c.setTrack(0, 100, {10, 40, 70}, AnimationClock::Motion::Continuous, 0);
  c.stepForward();
  EXPECT_DOUBLE_EQ(c.position(), 10);
  c.stepForward();
  EXPECT_DOUBLE_EQ(c.position(), 40);
  c.stepBack();
  EXPECT_DOUBLE_EQ(c.position(), 10);
  c.stepBack();
  EXPECT_DOUBLE_EQ(c.position(), 0);
  c.seek(80);
  c.stepForward();
  EXPECT_DOUBLE_EQ(c.position(), 100) << "past the last stop: the end";
  c.play();
  EXPECT_TRUE(c.isPlaying());
  EXPECT_DOUBLE_EQ(c.position(), 0) << "play at the end starts over";
  c.pause();
}

TEST(AnimationClock, PlayingAdvancesOnTheTimerWithoutBlocking) {
  AnimationClock c;
  c.setTrack(0, 100, {}, AnimationClock::Motion::Continuous, 0);
  c.setSpeedIndex(static_cast<int>(AnimationClock::speeds().size()) - 1);  // 16x: 0.75 s a track
  QSignalSpy moved(&c, &AnimationClock::positionChanged);
  c.play();
  EXPECT_TRUE(QTest::qWaitFor([&] { return c.position() >= 100; }, 3000));
  EXPECT_FALSE(c.isPlaying()) << "stops at the end";
  EXPECT_GT(moved.count(), 10) << "many small steps, one per tick";
}

TEST(AnimationControls, ShownForAnimatedViewsOnlyAndSpaceTogglesPlay) {
  PanelFixture f;
  ASSERT_EQ(f.panel.currentViewId(), QStringLiteral("warp-timeline"));
  EXPECT_TRUE(f.panel.animationBar()->isVisible());
  f.panel.animationBar()->scrubSlider()->setFocus();
  QTest::keyClick(f.panel.animationBar()->scrubSlider(), Qt::Key_Space);
  EXPECT_TRUE(f.clock().isPlaying());
  EXPECT_EQ(f.panel.animationBar()->playButton()->text(), QStringLiteral("Pause"));
  QTest::keyClick(f.panel.animationBar()->scrubSlider(), Qt::Key_Space);
  EXPECT_FALSE(f.clock().isPlaying());
  ASSERT_TRUE(f.panel.selectView(QStringLiteral("copy-modes")));
  EXPECT_FALSE(f.panel.animationBar()->isVisible()) << "bars do not animate";
  EXPECT_FALSE(f.panel.animationPosition().has_value());
}

TEST(AnimationControls, RightStepsToTheNextStepTimeHomeAndEndJump) {
  PanelFixture f;
  const std::vector<double> steps = TimelineModel(f.result.views[0].timeline).stepTimes();
  ASSERT_GE(steps.size(), 3u);
  QWidget* slider = f.panel.animationBar()->scrubSlider();
  slider->setFocus();
  QTest::keyClick(slider, Qt::Key_Home);
  EXPECT_DOUBLE_EQ(f.clock().position(), f.clock().start());
  QTest::keyClick(slider, Qt::Key_Right);
  EXPECT_DOUBLE_EQ(f.clock().position(), steps[0]);
  QTest::keyClick(slider, Qt::Key_Right);
  EXPECT_DOUBLE_EQ(f.clock().position(), steps[1]);
  QTest::keyClick(slider, Qt::Key_Left);
  EXPECT_DOUBLE_EQ(f.clock().position(), steps[0]);
  EXPECT_DOUBLE_EQ(f.panel.currentRenderer()->cursorTime(), steps[0]) << "the timeline's cursor follows";
  QTest::keyClick(slider, Qt::Key_End);
  EXPECT_DOUBLE_EQ(f.clock().position(), f.clock().end());
  // '.' and ',' step from the timeline itself, whose arrows pan.
  QWidget* canvas = f.panel.currentRenderer()->widget();
  canvas->setFocus();
  QTest::keyClick(canvas, Qt::Key_Home);
  QTest::keyClick(canvas, Qt::Key_Period);
  EXPECT_DOUBLE_EQ(f.clock().position(), steps[0]);
  QTest::keyClick(canvas, Qt::Key_BracketRight);
  EXPECT_GT(f.clock().speed(), 1.0);
  QTest::keyClick(canvas, Qt::Key_BracketLeft);
  QTest::keyClick(canvas, Qt::Key_BracketLeft);
  EXPECT_LT(f.clock().speed(), 1.0);
}

TEST(AnimationControls, AGridStepsOneFrameAtATime) {
  PanelFixture f;
  ASSERT_TRUE(f.panel.selectView(QStringLiteral("page-map")));
  EXPECT_TRUE(f.panel.animationBar()->isVisible());
  EXPECT_DOUBLE_EQ(f.clock().position(), f.clock().end()) << "a grid opens complete, on its last frame";
  QWidget* slider = f.panel.animationBar()->scrubSlider();
  slider->setFocus();
  QTest::keyClick(slider, Qt::Key_Home);
  EXPECT_DOUBLE_EQ(f.clock().position(), 0);
  QTest::keyClick(slider, Qt::Key_Right);
  EXPECT_DOUBLE_EQ(f.clock().position(), 25);
  EXPECT_EQ(f.panel.animationBar()->scrubSlider()->value(), 1);
  EXPECT_TRUE(f.panel.animationBar()->positionLabel()->text().contains(QStringLiteral("2/10")));
  ASSERT_TRUE(f.panel.animationPosition().has_value());
  EXPECT_DOUBLE_EQ(*f.panel.animationPosition(), 25);
}

TEST(AnimationControls, ClickingTheTimelinePlacesTheCursor) {
  PanelFixture f;
  QWidget* canvas = f.panel.currentRenderer()->widget();
  const QPoint middle(canvas->width() / 2, canvas->height() / 2);
  QTest::mouseClick(canvas, Qt::LeftButton, Qt::NoModifier, middle);
  EXPECT_GT(f.clock().position(), f.clock().start());
  EXPECT_LT(f.clock().position(), f.clock().end());
}
