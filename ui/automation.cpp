#include "automation.h"

#include "controllers/predict_flow.h"
#include "presenter_view.h"

#include <QBuffer>

#include <QComboBox>
#include <QCoreApplication>
#include <QImage>
#include <QMetaObject>
#include <QSlider>

#include <cmath>
#include <QTextStream>
#include <QTimer>

#include <algorithm>
#include <cstdio>

#include "chart_panel.h"
#include "controllers/export_controller.h"
#include "controllers/run_controller.h"
#include "main_window.h"
#include "param_control.h"
#include "param_panel.h"
#include "qt_text.h"
#include "warpscope/file_write.h"

namespace warpscope::ui {

namespace {
void printErr(const QString& text) {
  std::fprintf(stderr, "warpscope: %s\n", text.toLocal8Bit().constData());
  std::fflush(stderr);
}
void printOut(const QString& text) {
  std::fprintf(stdout, "%s\n", text.toLocal8Bit().constData());
  std::fflush(stdout);
}

/// Counts the events the application delivers while it is installed.
class EventCounter : public QObject {
 public:
  int count = 0;
  bool eventFilter(QObject*, QEvent*) override {
    ++count;
    return false;
  }
};

/// Qt handles the events posted before a pass over the queue, then runs due (and zero) timers,
/// and only then the events posted during that pass: a chain of them (a new text's height, the
/// panel's layout, its repaint) can still be on its way when a zero timer fires. Passes until
/// one delivers nothing (or 50: something that keeps posting would otherwise hold the clock).
void handlePostedEventsUntilNoneAreLeft() {
  EventCounter counter;
  QCoreApplication::instance()->installEventFilter(&counter);
  for (int pass = 0; pass < 50; ++pass) {
    counter.count = 0;
    QCoreApplication::sendPostedEvents();
    if (counter.count == 0) break;
  }
  QCoreApplication::instance()->removeEventFilter(&counter);
}

}  // namespace

Automation::Automation(MainWindow* window, RunController* runs, LaunchOptions options, QObject* parent)
    : QObject(parent), window_(window), runs_(runs), options_(std::move(options)) {
  connect(window_, &MainWindow::resultDisplayed, this, &Automation::onResultDisplayed);
  connect(window_, &MainWindow::runErrorShown, this, &Automation::onRunError);
  connect(window_, &MainWindow::startupProblem, this, [this](const QString& message) { fail(kExitBadInput, message); });
  connect(window_, &MainWindow::startupDeviceMissing, this, [this](const QString& message) { fail(kExitDevice, message); });
  connect(window_->chartPanel(), &ChartPanel::redrawn, this, &Automation::onRedrawn);
  // Stamps of the window's part, phase by phase (slider_latency_report.h).
  connect(window_, &MainWindow::runAnswered, this, [this] {
    if (awaitingDisplay_) move_.arrivedMs = static_cast<double>(clock_.nsecsElapsed()) / 1e6;
  });
  connect(window_->chartPanel(), &ChartPanel::painted, this, [this] {
    if (awaitingDisplay_) move_.paintedMs = static_cast<double>(clock_.nsecsElapsed()) / 1e6;
  });
  connect(runs, &RunController::sessionFailed, this, [this](const QString& message) {
    fail(kExitDevice, tr("No backend is available: %1").arg(message));
  });
}

void Automation::fail(int code, const QString& message) {
  if (done_) return;
  done_ = true;
  printErr(message);
  emit finished(code);
}

void Automation::onRunError(const RunError& error) {
  const QString message = toQ(error.message);
  switch (error.kind) {
    case RunError::Kind::BadInput: fail(kExitBadInput, message); break;
    case RunError::Kind::Device: fail(kExitDevice, message); break;
    case RunError::Kind::Cancelled: fail(kExitDevice, tr("The run was cancelled: %1").arg(message)); break;
  }
}

void Automation::onResultDisplayed(bool fullSweep, double runSeconds) {
  if (done_) return;
  if (!firstFullSeen_) {
    if (!fullSweep) return;
    firstFullSeen_ = true;
    // Wait for the chart to be painted once: the screenshot and the latency clock both need
    // the first picture on screen, not just in the model.
    actionsPending_ = true;
    return;
  }
  if (awaitingDisplay_) {
    awaitingDisplay_ = false;
    awaitingRedraw_ = true;
    move_.inPlace = !fullSweep;
    move_.backendMs = std::max(0.0, runSeconds) * 1e3;
    move_.displayedMs = static_cast<double>(clock_.nsecsElapsed()) / 1e6;
  }
}

void Automation::onRedrawn() {
  if (done_) return;
  if (actionsPending_) {
    actionsPending_ = false;
    runActions();
    return;
  }
  if (awaitingRedraw_) {
    awaitingRedraw_ = false;
    // The chart is painted; the rest of the window (the numbers under it, tab titles, layouts)
    // settles in events posted meanwhile. The move is timed to a window that has handled them
    // all (onWindowIdle): whatever the update costs the window, this clock sees it.
    QTimer::singleShot(0, this, &Automation::onWindowIdle);
  }
}

void Automation::onWindowIdle() {
  if (done_) return;
  handlePostedEventsUntilNoneAreLeft();
  move_.totalMs = static_cast<double>(clock_.nsecsElapsed()) / 1e6;
  move_.painted = painted_.stop();
  if (const QString plot = window_->chartPanel()->lastPlotRepaint(); !plot.isEmpty()) move_.painted += QStringLiteral("; plot: ") + plot;
  moves_.push_back(move_);
  ++changesDone_;
  settleThenNext();
}

void Automation::settleThenNext() {
  if (done_) return;
  if (runs_->isBusy()) {
    QTimer::singleShot(2, this, &Automation::settleThenNext);
    return;
  }
  // Let the last result's repaint finish before the clock starts again.
  QTimer::singleShot(10, this, &Automation::nextSliderChange);
}

void Automation::runActions() {
  // --reveal: the slide as it stands after its reveal (drawn at once, not animated).
  if (options_.reveal && window_->predictFlow()->phase() == PredictFlow::Phase::Predicting) {
    window_->predictFlow()->setRevealDurationMs(0);
    window_->predictFlow()->reveal();
    // The caption changes height: the window lays out and repaints before the picture.
    QTimer::singleShot(300, this, &Automation::runActions);
    return;
  }
  if (!options_.exportPath.isEmpty()) {
    const QString error =
        window_->exportController()->exportTo(options_.exportPath, *exportFormatForPath(options_.exportPath));
    if (!error.isEmpty()) return fail(kExitFailure, error);
    printOut(tr("Wrote %1").arg(options_.exportPath));
  }
  if (!options_.screenshotPath.isEmpty()) {
    QCoreApplication::sendPostedEvents();  // pending layouts (tab bar, splitters) land first
    // With --presenter the picture is the presenter view's (the laptop's screen), else the window's.
    QWidget* shown = window_->presenterView() && window_->presenterView()->isVisible() ? static_cast<QWidget*>(window_->presenterView())
                                                                                       : window_;
    if (shown != window_) window_->presenterView()->refresh();
    const QImage shot = shown->grab().toImage();
    QByteArray png;
    QBuffer buffer(&png);
    if (!buffer.open(QIODevice::WriteOnly) || !shot.save(&buffer, "PNG"))
      return fail(kExitBadInput, tr("Cannot write %1: the window's image could not be encoded").arg(options_.screenshotPath));
    // Through the one writer (file_write.h), as every export: written whole or not at all, and
    // never renamed over a device, a FIFO or what a symlink names unless that is a regular file.
    try {
      writeFileAtomically(fromQ(options_.screenshotPath), std::string(png.constData(), static_cast<std::size_t>(png.size())));
    } catch (const FileWriteError& e) {
      return fail(kExitBadInput, toQ(e.what()));
    }
    printOut(tr("Wrote %1").arg(options_.screenshotPath));
  }
  if (options_.measureSliderChanges > 0) return startMeasurement();
  done_ = true;
  emit finished(kExitOk);
}

void Automation::startMeasurement() {
  // A Focus parameter is what a class drags; fall back to any parameter if the lab has none.
  // The lab on show: an open kernel file's parameters are its header's, not the lab's example's.
  const LabSpec* lab = window_->currentLab();
  // Every Focus parameter, in declaration order; without one, the first control that moves.
  for (int pass = 0; pass < 2 && controls_.empty() && lab; ++pass)
    for (const ParamSpec& spec : lab->params) {
      if (pass == 0 && spec.role != ParamRole::Focus) continue;
      ParamControl* c = window_->paramPanel()->control(toQ(spec.id));
      if (!c) continue;
      const bool moves = (c->slider() && c->slider()->maximum() > 0) || (c->comboBox() && c->comboBox()->count() > 1);
      if (!moves) continue;
      controls_.push_back(c);
      if (pass == 1) break;
    }
  if (controls_.empty()) return fail(kExitBadInput, tr("This lab has no parameter to move."));
  control_ = controls_.front();
  if (control_->spec().role != ParamRole::Focus)
    printErr(tr("Note: the lab has no focus slider; timing '%1', which reruns the whole sweep.")
                 .arg(toQ(control_->spec().id)));
  nextSliderChange();
}

void Automation::nextSliderChange() {
  if (done_) return;
  if (changesDone_ >= options_.measureSliderChanges) {
    for (const QString& line :
         sliderLatencyReport(moves_, toQ(control_->spec().id), window_->currentDeviceId(), window_->currentLabId()))
      printOut(line);
    if (++controlIndex_ < controls_.size()) {
      control_ = controls_[controlIndex_];
      changesDone_ = 0;
      moves_.clear();
      QTimer::singleShot(10, this, &Automation::nextSliderChange);
      return;
    }
    done_ = true;
    emit finished(kExitOk);
    return;
  }
  // One step along the grid, wrapping: every change is a real change, like a drag.
  const int count = control_->slider() ? control_->slider()->maximum() + 1 : control_->comboBox()->count();
  const int current = control_->slider() ? control_->slider()->value() : control_->comboBox()->currentIndex();
  const int next = (current + 1) % count;
  awaitingDisplay_ = true;
  move_ = SliderMove{};
  painted_.start();
  clock_.start();
  if (control_->slider()) {
    control_->slider()->setValue(next);  // the same signal path as a mouse drag
  } else {
    control_->comboBox()->setCurrentIndex(next);
  }
  move_.movedTo = control_->comboBox() ? control_->comboBox()->currentText() : QString::number(control_->value());
}

}  // namespace warpscope::ui
