// Stepping through a lecture in the window: PageDown/PageUp and the buttons move through the
// presets, each putting up its lab, its parameters (still live) and its view, with the claim
// above the chart and what to look at beneath it.
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include <gtest/gtest.h>

#include "chart_panel.h"
#include "controllers/run_controller.h"
#include "fake_backend.h"
#include "lecture_caption.h"
#include "lecture_navigator.h"
#include "lecture_panel.h"
#include "main_window.h"
#include "message_bar.h"
#include "window_fixture.h"
#include "param_control.h"
#include "param_panel.h"
#include "qt_text.h"
#include "warpscope/backend.h"
#include "warpscope/lectures.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// Waits until `window` shows a full sweep of the preset its lecture stands at.
bool waitForSlide(MainWindow& window, RunController& runs) {
  const PresetRef ref = window.lectureNavigator()->current();
  if (!ref) return false;
  return QTest::qWaitFor(
      [&] {
        const RunResult* shown = window.shownResult();
        return !runs.isBusy() && shown && shown->labId == ref.lab->id &&
               ParamSet(shown->params) == presetParams(*ref.lab, *ref.preset);
      },
      5000);
}

struct LectureFixture : test::WindowFixture {
  /// Waits until the window shows a full sweep of the preset the lecture stands at.
  bool waitForPreset() { return waitForSlide(window, runs); }
  /// Checks that the window shows the preset the lecture stands at.
  void expectShowsCurrentPreset() {
    const PresetRef ref = window.lectureNavigator()->current();
    ASSERT_TRUE(ref);
    SCOPED_TRACE(ref.preset->id);
    EXPECT_EQ(window.currentLabId(), toQ(ref.lab->id));
    EXPECT_EQ(window.paramPanel()->values(), presetParams(*ref.lab, *ref.preset));
    EXPECT_EQ(window.chartPanel()->currentViewId(), toQ(ref.preset->view));
    EXPECT_TRUE(window.lectureCaption()->isVisible());
    EXPECT_EQ(window.lectureCaption()->claimLabel()->text(), toQ(ref.preset->claim));
    EXPECT_TRUE(window.lectureCaption()->lookAtLabel()->text().contains(toQ(ref.preset->lookAt)));
    EXPECT_EQ(window.lecturePanel()->presetList()->currentRow(), window.lectureNavigator()->index());
  }
};

const Lecture& firstLecture() { return LectureLibrary::builtin().lectures().front(); }

/// The first parameter drawn as a slider (named choices are drop-downs), or null.
ParamControl* firstSlider(const ParamPanel& panel) {
  for (const ParamSpec& spec : panel.specs())
    if (ParamControl* control = panel.control(toQ(spec.id)); control && control->slider()) return control;
  return nullptr;
}

/// Moves a slider one step, away from the end it may sit at.
void nudge(QSlider* slider) {
  slider->setValue(slider->value() == slider->maximum() ? slider->value() - 1 : slider->value() + 1);
}

}  // namespace

TEST(LectureWindow, PageDownAndPageUpStepThroughEveryPresetOfALecture) {
  LectureFixture f;
  ASSERT_FALSE(f.window.lectureCaption()->isVisible()) << "no caption outside a lecture";
  ASSERT_FALSE(LectureLibrary::builtin().lectures().empty()) << "no lecture is shipped";
  ASSERT_TRUE(f.window.openLecture(toQ(firstLecture().id)));
  ASSERT_TRUE(f.waitForPreset());
  f.expectShowsCurrentPreset();
  const int count = f.window.lectureNavigator()->count();
  for (int i = 1; i < count; ++i) {
    // The key works wherever the focus is, e.g. on a slider, which pages with it otherwise.
    if (ParamControl* slider = firstSlider(*f.window.paramPanel())) slider->slider()->setFocus();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &f.window, Qt::Key_PageDown);
    ASSERT_EQ(f.window.lectureNavigator()->index(), i);
    ASSERT_TRUE(f.waitForPreset()) << "preset " << i;
    f.expectShowsCurrentPreset();
  }
  EXPECT_FALSE(f.window.lectureCaption()->nextButton()->isEnabled()) << "the last slide has no next";
  QTest::keyClick(&f.window, Qt::Key_PageUp);
  EXPECT_EQ(f.window.lectureNavigator()->index(), count - 2);
  ASSERT_TRUE(f.waitForPreset());
  f.expectShowsCurrentPreset();
}

TEST(LectureWindow, TheButtonsStepAndTheParametersStayLive) {
  LectureFixture f;
  // Volkov's lecture opens on latency-arith, whose parameters are sliders.
  ASSERT_TRUE(f.window.openLecture(QStringLiteral("volkov-lower-occupancy")));
  ASSERT_TRUE(f.waitForPreset());
  QTest::mouseClick(f.window.lectureCaption()->nextButton(), Qt::LeftButton);
  EXPECT_EQ(f.window.lectureNavigator()->index(), 1);
  ASSERT_TRUE(f.waitForPreset());
  QTest::mouseClick(f.window.lectureCaption()->previousButton(), Qt::LeftButton);
  EXPECT_EQ(f.window.lectureNavigator()->index(), 0);
  ASSERT_TRUE(f.waitForPreset());
  // A slider move inside a lecture runs as usual and keeps the lecture where it is.
  ParamControl* control = firstSlider(*f.window.paramPanel());
  ASSERT_NE(control, nullptr);
  f.queued.clear();
  nudge(control->slider());
  EXPECT_EQ(f.queued.count(), 1);
  EXPECT_TRUE(f.window.lectureNavigator()->active());
  EXPECT_EQ(f.window.lectureNavigator()->index(), 0);
}

TEST(LectureWindow, PickingALabByHandLeavesTheLectureAndOutsideOnePageDownDoesNothing) {
  LectureFixture f;
  ASSERT_FALSE(LectureLibrary::builtin().lectures().empty()) << "no lecture is shipped";
  ASSERT_TRUE(f.window.openLecture(toQ(firstLecture().id)));
  ASSERT_TRUE(f.waitForPreset());
  f.window.lectureCaption()->leaveButton()->click();
  EXPECT_FALSE(f.window.lectureNavigator()->active());
  EXPECT_FALSE(f.window.lectureCaption()->isVisible());
  const QString lab = f.window.currentLabId();
  QTest::keyClick(&f.window, Qt::Key_PageDown);
  EXPECT_FALSE(f.window.lectureNavigator()->active());
  EXPECT_EQ(f.window.currentLabId(), lab);
}

TEST(LectureWindow, ALabKeepsItsValuesWhenTheUserComesBackToIt) {
  LectureFixture f;
  const QString first = f.window.currentLabId();
  ParamControl* control = firstSlider(*f.window.paramPanel());
  ASSERT_NE(control, nullptr);
  nudge(control->slider());
  const ParamSet changed = f.window.paramPanel()->values();
  const auto& labs = LabRegistry::builtin().labs();
  ASSERT_GE(labs.size(), 2u);
  ASSERT_TRUE(f.window.selectLab(toQ(labs[1].id)));
  ASSERT_TRUE(f.window.selectLab(first));
  EXPECT_EQ(f.window.paramPanel()->values(), changed);
}

// Issue 28: under the claim, whether it holds on the run shown, with the numbers; not judged once
// the parameters leave the slide's.
TEST(LectureCaptionVerdict, TheClaimIsJudgedOnTheSlidesRunAndNotOnOtherParameters) {
  LectureNavigator navigator(LectureLibrary::builtin(), LabRegistry::builtin());
  LectureCaption caption(&navigator);
  ASSERT_TRUE(navigator.open(QStringLiteral("volkov-lower-occupancy")));
  for (int i = 0; i < navigator.count() && navigator.current().preset->id != "volkov-ilp-peak-with-fewer-threads"; ++i)
    navigator.next();
  const PresetRef ref = navigator.current();
  ASSERT_EQ(ref.preset->id, "volkov-ilp-peak-with-fewer-threads");
  caption.show();
  Session session(nullptr, makeSimulatorBackend());
  CancelToken never;
  RunOutcome run = session.run({ref.lab->id, "sim:h100", presetParams(*ref.lab, *ref.preset), RunScope::FullSweep}, {}, never);
  ASSERT_TRUE(run.ok()) << run.error().message;
  caption.showVerdict(&run.result());
  EXPECT_TRUE(caption.verdictLabel()->isVisible());
  EXPECT_TRUE(caption.verdictLabel()->text().startsWith(QStringLiteral("Holds on H100 SXM5 (model): ")))
      << caption.verdictLabel()->text().toStdString();
  // The same slide's run with a slider moved: not a verdict on the slide's claim.
  run.result().params["threads_per_block"] = 288;
  caption.showVerdict(&run.result());
  EXPECT_TRUE(caption.verdictLabel()->text().startsWith(QStringLiteral("Not judged: the parameters have left")));
  // Another slide hides it until its own run is on screen.
  navigator.next();
  EXPECT_FALSE(caption.verdictLabel()->isVisible());
  caption.showVerdict(nullptr);
  EXPECT_FALSE(caption.verdictLabel()->isVisible());
}

// Issue 28: on recordings a lecture takes a slide this GPU's recordings lack from a recording that
// holds it, says which GPU, and the next slide goes back to the lecture's device; a device picked
// by hand during the detour stays.
TEST(LectureWindow, ASlideNotRecordedHereComesFromTheRecordingThatHoldsItForThatSlideOnly) {
  // The window over a session with the fake GPU's model and its recorded twin, lecturing on the model.
  auto state = std::make_shared<test::FakeBackendState>();
  RunController runs{[s = state] { return test::makeFakeSessionWithRecordedTwin(s); }};
  StartupChoice startup;
  startup.deviceId = QString::fromLatin1(test::kFakeDeviceId);
  startup.lectureId = toQ(firstLecture().id);
  MainWindow window(&runs, startup);
  window.show();
  const auto showsSlide = [&] { return waitForSlide(window, runs); };
  ASSERT_TRUE(showsSlide());
  QTest::qWait(600);  // any background redraw of the slide's views has run (it would take the failure)
  ASSERT_TRUE(QTest::qWaitFor([&] { return !runs.isBusy(); }, 5000));
  ASSERT_EQ(window.currentDeviceId(), QString::fromLatin1(test::kFakeDeviceId));
  // The slide's run finds no recording here; the fake GPU's recorded twin holds it.
  state->notRecordedNext = test::kFakeRecordedDeviceId;
  const size_t runsBefore = state->runCount();
  window.rerun();
  // The failure reaches the window through its event loop: wait with it running.
  ASSERT_TRUE(QTest::qWaitFor([&] { return state->runCount() >= runsBefore + 2 && !runs.isBusy(); }, 5000))
      << "the slide runs again on the recording that holds it";
  EXPECT_EQ(state->runs.back().deviceId, test::kFakeRecordedDeviceId);
  EXPECT_EQ(window.currentDeviceId(), QString::fromLatin1(test::kFakeRecordedDeviceId));
  EXPECT_TRUE(window.messageBar()->text().contains(QStringLiteral("this slide shows the Fake GPU (recorded) recording")))
      << window.messageBar()->text().toStdString();
  window.lectureNavigator()->next();
  ASSERT_TRUE(showsSlide());
  EXPECT_EQ(window.currentDeviceId(), QString::fromLatin1(test::kFakeDeviceId)) << "the next slide is back on the model";
  EXPECT_EQ(state->runs.back().deviceId, test::kFakeDeviceId);
}
