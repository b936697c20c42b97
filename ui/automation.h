#pragma once
/// \file automation.h
/// The GUI's scripted modes: after the first full run it exports the chart (--export), grabs
/// the whole window (--screenshot) or times N focus-slider changes to a redrawn chart
/// (--measure-slider-latency), then asks the application to exit with a CLI-style code.
/// It drives the real window through its public widgets, so what it measures is what a user gets:
/// a move is timed from the control to the chart painted with the window idle again, and split
/// into the backend's run and the window's part (slider_latency_report.h).

#include <QElapsedTimer>
#include <QObject>

#include <vector>

#include "launch_options.h"
#include "paint_recorder.h"
#include "slider_latency_report.h"
#include "warpscope/backend.h"

namespace warpscope::ui {

class MainWindow;
class ParamControl;
class RunController;

class Automation : public QObject {
  Q_OBJECT

 public:
  Automation(MainWindow* window, RunController* runs, LaunchOptions options, QObject* parent = nullptr);

 signals:
  /// The script is over; the application should exit with `code`.
  void finished(int code);

 private:
  void onResultDisplayed(bool fullSweep, double runSeconds);
  void onRedrawn();
  /// The window handled every event the update posted: the move's clock stops.
  void onWindowIdle();
  void onRunError(const RunError& error);
  void fail(int code, const QString& message);
  void runActions();
  void startMeasurement();
  void nextSliderChange();
  /// Waits until no run is queued or in flight (a focus change may have asked for a full
  /// sweep as well), then makes the next change: each sample times one change alone.
  void settleThenNext();

  MainWindow* window_;
  RunController* runs_;
  LaunchOptions options_;
  bool firstFullSeen_ = false;
  bool actionsPending_ = false;
  bool done_ = false;

  // Slider-latency measurement.
  /// Every Focus control of the lab (or one other control when it has none), timed in turn.
  std::vector<ParamControl*> controls_;
  std::size_t controlIndex_ = 0;
  ParamControl* control_ = nullptr;  ///< controls_[controlIndex_].
  int changesDone_ = 0;
  bool awaitingDisplay_ = false;
  bool awaitingRedraw_ = false;
  QElapsedTimer clock_;
  SliderMove move_;                  ///< The move being timed.
  PaintRecorder painted_;            ///< What the move being timed painted.
  std::vector<SliderMove> moves_;    ///< This control's timed moves.
};

}  // namespace warpscope::ui
