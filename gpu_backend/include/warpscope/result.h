#pragma once
/// \file result.h
/// A run's result as plain data: charts (views) of series, scalars, and timeline traces.
/// The GUI, the CLI and the writers all consume exactly this.

#include <map>
#include <string>
#include <vector>

namespace warpscope {

/// One measured or modelled point. For measurements y is the median over timed repetitions and
/// yMin/yMax the fastest and slowest repetition mapped to the same unit; the model sets all
/// three equal.
struct Point {
  double x = 0;
  double y = 0;
  double yMin = 0;
  double yMax = 0;
};

/// A named line on a chart, e.g. "ILP 4" or "128 B/thread".
struct Series {
  std::string name;
  std::vector<Point> points;
};

/// One chart: a title, two labelled axes (with units) and its series.
struct View {
  std::string id;       ///< Stable id, e.g. "fraction-vs-threads".
  std::string title;    ///< e.g. "Fraction of FP32 peak vs threads per SM".
  std::string xLabel;   ///< With unit, e.g. "Threads per SM".
  std::string yLabel;   ///< With unit, e.g. "Fraction of FP32 peak".
  double yMaxHint = 0;  ///< Suggested top of the y axis (0: pick from the data).
  std::vector<Series> series;
  /// The point the Focus parameters select, drawn highlighted: series name and x.
  std::string focusSeries;
  double focusX = 0;
  bool hasFocus = false;
};

/// A named number with its unit, e.g. ceiling.memcpy_gbps = 4201.3 "GB/s".
struct Scalar {
  std::string id;
  std::string label;
  double value = 0;
  std::string unit;
};

/// A timeline event (used by later labs: divergence, page migration).
struct TraceEvent {
  int row = 0;
  double start = 0;
  double end = 0;
  std::string kind;
  std::string payload;
};

/// Whether the numbers came from hardware or from the simulator.
enum class Provenance { Measured, Simulated };

/// Everything one run produced.
struct RunResult {
  std::string labId;
  std::string deviceId;                 ///< e.g. "cuda:0" or "sim:h100".
  std::string deviceName;               ///< e.g. "NVIDIA H200" or "H100 SXM5 (model)".
  Provenance provenance = Provenance::Simulated;
  std::map<std::string, double> params; ///< The parameters the run used.
  std::vector<View> views;
  std::vector<Scalar> scalars;
  std::vector<TraceEvent> trace;
  std::vector<std::string> notes;       ///< How ceilings were measured, checks performed, etc.
  double elapsedSeconds = 0;            ///< Wall time of the run, for the status bar.
  bool focusOnly = false;               ///< True when only the focus point was rerun.

  /// "Measured on NVIDIA H200" or "Simulated: H100 SXM5 model": shown on every chart.
  [[nodiscard]] std::string banner() const;
  [[nodiscard]] const View* findView(const std::string& id) const;
  [[nodiscard]] const Scalar* findScalar(const std::string& id) const;
};

}  // namespace warpscope
