// What MainWindow shows besides its own runs: files opened (recordings, run JSON, figures), runs
// pinned to compare with (Compare menu, --pin), and the session kept when the window closes.
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

#include "chart_panel.h"
#include "controllers/run_controller.h"
#include "lecture_navigator.h"
#include "main_window.h"
#include "controllers/handout_export.h"
#include "message_bar.h"
#include "param_panel.h"
#include "qt_text.h"
#include "run_status_bar.h"
#include "session_store.h"
#include "views/view_chart.h"
#include "warpscope/recording.h"
#include "warpscope/registry.h"

namespace warpscope::ui {

void MainWindow::closeEvent(QCloseEvent* event) {
  if (startup_.persistSession) {
    SavedSession session;
    session.valuesByLab = valuesByLab_;
    if (lab_) {
      session.labId = toQ(lab_->id);
      session.valuesByLab[lab_->id] = paramPanel_->values();
      session.viewId = chartPanel_->currentViewId();
    }
    session.deviceId = currentDeviceId();
    QSettings settings;
    saveSession(settings, session);
  }
  QMainWindow::closeEvent(event);
}

void MainWindow::openRunFileInteractively() {
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open a recording or figure"), QString(),
      tr("Warpscope files (*.wsrec *.json *.png *.svg *.pdf);;All files (*)"));
  if (!path.isEmpty()) openRunFile(path);
}

QString MainWindow::openRunFile(const QString& path, std::optional<int> page) {
  // Read and check everything before touching the window: a bad file changes nothing.
  Recording recording;
  const LabSpec* lab = nullptr;
  std::optional<LabSpec> kernelSpec;  // a run of the user's kernel: the declaration its kernel gives
  try {
    recording = readRunFile(fromQ(path), page);
    lab = LabRegistry::builtin().find(recording.result.labId);
    if (!lab)
      throw BadInputError(fromQ(path) + ": holds a run of lab '" + recording.result.labId +
                          "', which this Warpscope does not have");
    if (const labs::LabDefinition* kernelLab = LabRegistry::builtin().userKernelLab();
        kernelLab && kernelLab->spec.id == recording.result.labId && !recording.result.kernel.empty()) {
      try {
        kernelSpec = kernelLab->specFor(recording.request);
      } catch (const BadInputError& e) {
        throw BadInputError(fromQ(path) + ": its kernel " + recording.result.kernel.fileName + ": " + e.what());
      }
      lab = &*kernelSpec;
    }
    try {
      validateParams(lab->params, ParamSet(recording.result.params));
    } catch (const BadInputError& e) {
      // The reader's own errors name the file; validation's name only the parameter.
      throw BadInputError(fromQ(path) + ": " + e.what());
    }
  } catch (const BadInputError& e) {
    const QString message = tr("Cannot open %1").arg(toQ(e.what()));
    messageBar_->showMessage(message, MessageBar::Level::Error);
    return message;
  }
  // --view beside FILE picks another of the file's views; otherwise the figure's own.
  QString viewId = toQ(recording.viewId);
  if (!startup_.viewId.isEmpty() && path == startup_.openPath) {
    if (!recording.result.findView(fromQ(startup_.viewId))) {
      const QString message = tr("Cannot open %1: it has no view '%2'").arg(path, startup_.viewId);
      messageBar_->showMessage(message, MessageBar::Level::Error);
      return message;
    }
    viewId = startup_.viewId;
  }
  if (lectures_->active()) lectures_->close();
  const ParamSet values(recording.result.params);
  // The run's kernel becomes the open kernel (there is no file to reload: it came in the run).
  if (kernelSpec) lab = &adoptKernel(std::move(*kernelSpec), recording.result.kernel, QString());
  switchLab(*lab, values, viewId, /*run=*/false);
  lastFullParams_ = values;
  showFull(recording.result);
  const QString when = recording.recordedAt.empty() ? QString() : tr(" on %1").arg(toQ(recording.recordedOn()));
  // Where a moved parameter runs: the device picked in the window, which may not be the one the
  // file was made on (a figure from sim:h200 opened while sim:h100 is picked): say both then.
  const QString madeOn = toQ(recording.result.deviceId);
  const QString rerunsOn = madeOn.isEmpty() || madeOn == currentDeviceId()
                               ? currentDeviceId()
                               : tr("%1 (the device picked), not on %2").arg(currentDeviceId(), madeOn);
  messageBar_->showMessage(tr("Opened %1: %2%3, shown as recorded. Moving a parameter runs the lab again on %4.")
                               .arg(QFileInfo(path).fileName(), bannerFor(recording.result), when, rerunsOn),
                           MessageBar::Level::Info);
  statusBar_->runEnded(tr("Opened %1").arg(QFileInfo(path).fileName()), -1);
  emit resultDisplayed(true, -1);
  return {};
}

void MainWindow::pinShownResult() {
  if (!shown_) {
    messageBar_->showMessage(tr("Nothing to pin yet: no run has finished."), MessageBar::Level::Info);
    return;
  }
  pinned_ = *shown_;
  messageBar_->showMessage(tr("Pinned: %1. Later runs of %2 draw it dashed, with how far they lie from it "
                              "(Compare > Clear the pin removes it).")
                               .arg(bannerFor(*pinned_), toQ(lab_ ? lab_->title : pinned_->labId)),
                           MessageBar::Level::Info);
  displayShown();
}

void MainWindow::pinModel() {
  const QString modelId = runs_->modelDevice(currentDeviceId());
  if (!lab_ || modelId.isEmpty()) {
    messageBar_->showMessage(tr("No simulator model of %1 to pin.").arg(currentDeviceId()), MessageBar::Level::Info);
    return;
  }
  RunRequest request;
  request.labId = lab_->id;
  request.deviceId = fromQ(modelId);
  request.params = paramPanel_->values();
  request.scope = RunScope::FullSweep;
  modelPinSeq_ = runs_->submit(std::move(request));
}

QString MainWindow::pinRunFile(const QString& path) {
  try {
    pinned_ = readRunFile(fromQ(path)).result;
  } catch (const BadInputError& e) {
    const QString message = tr("Cannot pin %1").arg(toQ(e.what()));
    messageBar_->showMessage(message, MessageBar::Level::Error);
    return message;
  }
  displayShown();
  return {};
}

void MainWindow::clearPin() {
  if (!pinned_) return;
  pinned_.reset();
  displayShown();
  messageBar_->dismiss();
}

void MainWindow::exportHandoutInteractively() {
  const Lecture* lecture = lectures_->lecture();
  if (!lecture) return;
  if (!handoutExport_) {
    handoutExport_ = new HandoutExport(this);
    connect(handoutExport_, &HandoutExport::finished, this, [this](const QString& path, const QString& error) {
      if (error.isEmpty()) messageBar_->showMessage(tr("Wrote the handout %1").arg(path), MessageBar::Level::Info);
      else messageBar_->showMessage(error, MessageBar::Level::Warning);
    });
  }
  const QString path = QFileDialog::getSaveFileName(this, tr("Export handout"), toQ(lecture->id) + QStringLiteral("-handout.pdf"),
                                                    tr("PDF document (*.pdf)"));
  if (path.isEmpty()) return;
  const bool boxes = QMessageBox::question(this, tr("Export handout"),
                                           tr("Add a page of empty prediction boxes per slide, for before class?"),
                                           QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
  handoutExport_->start(toQ(lecture->id), toQ(lecture->file), currentDeviceId(), path, boxes);
}

}  // namespace warpscope::ui
