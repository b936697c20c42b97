#pragma once
/// \file automation.h
/// The GUI's scripted modes: after the first full run it exports the chart (--export), grabs
/// the whole window (--screenshot) or times N focus-slider changes to a redrawn chart
/// (--measure-slider-latency), then asks the application to exit with a CLI-style code.
/// It drives the real window through its public widgets, so what it measures is what a user gets.

#include <QElapsedTimer>
#include <QObject>

#include <vector>

#include "launch_options.h"
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
  void onResultDisplayed(bool fullSweep);
  void onRedrawn();
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
  bool lastDisplayInPlace_ = false;
  int inPlaceCount_ = 0;
  QElapsedTimer clock_;
  std::vector<double> latenciesMs_;
  std::vector<QString> movedTo_;  ///< The value each timed move went to (the slowest is named).
};

/// Median of a sample (the mean of the middle two for an even count).
double medianOf(std::vector<double> values);
/// The nearest-rank percentile (0 < p <= 100) of a sample; 0 for an empty one.
double percentileOf(std::vector<double> values, double p);

}  // namespace warpscope::ui
