// MainWindow's runs: what it asks of the run queue on a slider move, a sweep or a stale view, and
// what it does with each answer (a focus point merged in place, a sweep shown, an error said).
#include "controllers/run_controller.h"
#include "chart_panel.h"
#include "device_selector.h"
#include "focus_rule.h"
#include "lecture_navigator.h"
#include "main_window.h"
#include "message_bar.h"
#include "presentation_mode.h"
#include "param_panel.h"
#include "qt_text.h"
#include "result_merge.h"
#include "run_status_bar.h"
#include "scalar_panel.h"

namespace warpscope::ui {

QString runErrorKindText(RunError::Kind kind) {
  switch (kind) {
    case RunError::Kind::BadInput: return QObject::tr("Bad input");
    case RunError::Kind::Device: return QObject::tr("Device error");
    case RunError::Kind::Cancelled: return QObject::tr("Cancelled");
  }
  return {};
}

void MainWindow::cancelRuns() { runs_->cancel(); }

void MainWindow::onParamsChanged(const ParamSet& values, bool focusOnly) {
  if (!lab_) return;
  submit(values, scopeForChange(*lab_, values, focusOnly, sweepToMergeInto()));
}

std::optional<ParamSet> MainWindow::sweepToMergeInto() const {
  // lastFullParams_ is the latest full sweep requested (or the one a failure left on screen):
  // with a result shown it is on screen, with a run in flight it is on its way.
  if (lastFullParams_ && (shown_ || runs_->isBusy())) return lastFullParams_;
  return std::nullopt;
}

void MainWindow::submitSweep() { submit(paramPanel_->values(), RunScope::FullSweep); }

void MainWindow::submit(const ParamSet& values, RunScope scope) {
  if (!sessionReady_ || !lab_) return;
  RunRequest request;
  request.labId = lab_->id;
  request.deviceId = fromQ(deviceSelector_->currentDeviceId());
  request.params = values;
  request.scope = scope;
  attachKernel(request);
  // A lab's preset names itself (recordings are found by it); an instructor's own slide is none.
  if (const PresetRef preset = lectures_->current(); preset && preset.lab == lab_ && lab_->findPreset(preset.preset->id))
    request.presetId = preset.preset->id;
  if (scope == RunScope::FullSweep) {
    lastFullParams_ = request.params;
    staleRefresh_.stop();  // this sweep refreshes every view anyway
  }
  runs_->submit(std::move(request));
}

void MainWindow::refreshStaleViews() {
  if (!sessionReady_ || !lab_ || !shown_) return;
  RunRequest request;
  request.labId = lab_->id;
  request.deviceId = fromQ(deviceSelector_->currentDeviceId());
  request.params = paramPanel_->values();
  request.scope = RunScope::FullSweep;
  attachKernel(request);
  runs_->submitBackground(std::move(request));
}

void MainWindow::onRunFinished(quint64 seq, const RunResult& result) {
  emit runAnswered();
  if (seq == modelPinSeq_) {
    // Compare > Pin the model: the model's run becomes the pin; the chart keeps the measurement.
    modelPinSeq_ = 0;
    pinned_ = result;
    messageBar_->showMessage(tr("Pinned: %1, dashed under the run on screen.").arg(bannerFor(result)),
                             MessageBar::Level::Info);
    displayShown();
    return;
  }
  // A result for a lab or device the user has left is of no use here.
  if (!lab_ || toQ(result.labId) != currentLabId() || toQ(result.deviceId) != currentDeviceId()) return;
  if (messageBar_->level() == MessageBar::Level::Error) messageBar_->dismiss();
  if (result.focusOnly) {
    const MergeReport merge = shown_ && sameSweep(ParamSet(result.params), ParamSet(shown_->params))
                                  ? mergeFocusResult(*shown_, result)
                                  : MergeReport{};
    if (!merge.merged) {
      // The focus point fits no view on screen (e.g. its series is new): draw it whole,
      // unless a newer request is already on its way.
      if (seq == runs_->latestForegroundSeq()) submitSweep();
      return;
    }
    // Views whose every point depends on the focus (View::followsFocus) keep their old points
    // until the slider rests; then a background sweep redraws them. Timelines, grids and bars
    // the focus run produced replaced their old selves; views it did not produce stay.
    if (!merge.staleViews.empty()) staleRefresh_.start();
    displayShown();
    scalarPanel_->display(*shown_);
    statusBar_->runEnded(tr("Focus point updated"), result.elapsedSeconds);
    emit resultDisplayed(false, result.elapsedSeconds);
    return;
  }
  showFull(result);
  statusBar_->runEnded(tr("Sweep done: %1").arg(bannerFor(result)), result.elapsedSeconds);
  emit resultDisplayed(true, result.elapsedSeconds);
}

void MainWindow::onRunFailed(quint64, const RunError& error) {
  // What the chart shows now: the last run of this lab that finished, or (none yet) why not.
  const QString onScreen = shown_ ? tr("The chart still shows the last finished run.")
                                  : tr("No run of this lab is on screen yet; the chart says why.");
  if (error.kind == RunError::Kind::Cancelled) {
    statusBar_->runEnded(shown_ ? tr("Cancelled; the chart shows the last finished run") : tr("Cancelled"), -1);
  } else if (const DeviceInfo* alternative = deviceSelector_->device(toQ(error.alternativeDeviceId));
             alternative && lectureSlideFailed(error) && alternative->kind == DeviceKind::Recording) {
    // A lecture on recordings takes a slide this GPU's recordings lack from a recording that holds
    // it, and says which GPU that is (on a projector the chart's banner, "Recorded on NVIDIA H100
    // ...", says it and the room goes to the chart; at the desk one line too); the next slide
    // goes back to the lecture's device.
    const QString lectureDevice = currentDeviceId();
    detourSlideTo(toQ(alternative->id));
    if (!presentation_->active())
      messageBar_->showMessage(tr("Not recorded on %1: this slide shows the %2 recording; the next slide goes back to %1.")
                                   .arg(lectureDevice, toQ(alternative->name)),
                               MessageBar::Level::Info);
    statusBar_->runEnded(tr("Not recorded here: taken from %1").arg(toQ(alternative->name)), -1);
    return;
  } else if (alternative) {
    // A recorded device without these parameters: say so and offer the same GPU's model, one
    // click away, never silently in its place. In a lecture the detour lasts for this slide.
    const QString alternativeId = toQ(alternative->id);
    messageBar_->showMessage(tr("%1\n%2").arg(toQ(error.message), onScreen),
                             MessageBar::Level::Warning, tr("Run on %1").arg(toQ(alternative->name)),
                             [this, alternativeId] {
                               if (lectures_->current()) {
                                 detourSlideTo(alternativeId);
                               } else {
                                 selectDevice(alternativeId);
                               }
                             });
    statusBar_->runEnded(tr("Not recorded"), -1);
  } else {
    messageBar_->showMessage(tr("%1: %2\n%3").arg(runErrorKindText(error.kind), toQ(error.message), onScreen),
                             MessageBar::Level::Error);
    statusBar_->runEnded(tr("Run failed (%1)").arg(runErrorKindText(error.kind)), -1);
  }
  // Nothing of this lab on screen yet: the chart says why instead of "Running…" forever.
  // Its first sentence: the chart has room for a few lines, the message bar above holds the rest.
  if (!shown_ && error.kind != RunError::Kind::Cancelled) {
    const QString why = toQ(error.message);
    qsizetype end = why.indexOf(QStringLiteral(". "));
    if (const qsizetype line = why.indexOf(QLatin1Char('\n')); line >= 0 && (end < 0 || line < end)) end = line;
    const QString first = end < 0 ? why : why.left(end + (why.at(end) == QLatin1Char('.') ? 1 : 0));
    chartPanel_->showPlaceholder(end < 0 ? tr("%1 could not run: %2").arg(toQ(lab_ ? lab_->title : std::string()), first)
                                         : tr("%1 could not run: %2 (the message above says more)")
                                               .arg(toQ(lab_ ? lab_->title : std::string()), first));
  }
  // The next change must run a whole sweep: the one that failed never reached the screen.
  if (shown_) {
    lastFullParams_ = ParamSet(shown_->params);
  } else {
    lastFullParams_.reset();
  }
  emit runErrorShown(error);
}

bool MainWindow::lectureSlideFailed(const RunError& error) const {
  // The slide's own parameters only: a slider moved off them is the user's choice, and another
  // GPU that happens to hold the new value is offered, not put in place.
  const PresetRef slide = lectures_->current();
  return slide && showsLabOf(slide) && error.kind == RunError::Kind::BadInput && !error.alternativeDeviceId.empty() &&
         paramPanel_->values() == presetParams(*slide.lab, *slide.preset);
}

void MainWindow::detourSlideTo(const QString& deviceId) {
  if (lectureDevice_.isEmpty()) lectureDevice_ = currentDeviceId();
  selectDevice(deviceId);
}

}  // namespace warpscope::ui
