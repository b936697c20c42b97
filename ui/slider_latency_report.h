#pragma once
/// \file slider_latency_report.h
/// What --measure-slider-latency prints for one parameter: slider-to-redraw, split into the
/// backend's run (RunResult::elapsedSeconds, measured by Session::run) and the window's part
/// (the rest: signal hops, merging, drawing). An in-place (focus) update and a full sweep are
/// different things to time, so the figures are of the in-place updates and the full sweeps a
/// move caused are counted apart.

#include <QString>
#include <QStringList>

#include <vector>

namespace warpscope::ui {

/// One timed move of a control.
struct SliderMove {
  double totalMs = 0;    ///< Slider moved -> the new chart painted.
  double backendMs = 0;  ///< The displayed run's elapsedSeconds, in ms.
  bool inPlace = false;  ///< A focus result merged into the sweep on screen (not a full sweep).
  QString movedTo;       ///< The value the control moved to, as it reads.
  // Where the window's part goes, each stamped from the move (ms), in order: the answer reached
  // the window's thread (arrivedMs - backendMs are the hops: the request queued, handed to the
  // run thread, the answer back); the result merged and the chart painted; the numbers and the
  // status updated (resultDisplayed); totalMs, when the events posted meanwhile (layouts) were
  // handled too.
  double arrivedMs = 0;
  double paintedMs = 0;
  double displayedMs = 0;
  /// What the window painted and laid out for this move (PaintRecorder), when recorded.
  QString painted;
  [[nodiscard]] double windowMs() const { return totalMs - backendMs; }
};

/// The lines printed for `moves` of `paramId` on `deviceId` in `labId`. The first begins with
/// "slider-latency:" (scripts grep for it) and holds every figure; the second names the slowest
/// move, the third the window part's phases; where the moves recorded what they painted, one line
/// more each for the three moves with the slowest window part.
QStringList sliderLatencyReport(const std::vector<SliderMove>& moves, const QString& paramId, const QString& deviceId,
                                const QString& labId);

/// The medians of the window's part, phase by phase (SliderMove's stamps).
QString windowPhasesLine(const std::vector<SliderMove>& moves);

/// Median of a sample (the mean of the middle two for an even count); 0 for an empty one.
double medianOf(std::vector<double> values);
/// The nearest-rank percentile (0 < p <= 100) of a sample; 0 for an empty one.
double percentileOf(std::vector<double> values, double p);

}  // namespace warpscope::ui
