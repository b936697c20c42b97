#pragma once
/// \file csv_metadata.h
/// The '#' lines a view's CSV starts with, before its header row: what made the run and what the
/// columns mean, with their units. gnuplot skips them as comments, pandas with comment='#', R's
/// read.csv with comment.char='#'; the header row after them keeps its column names.
///
///   # format: warpscope-view-csv 1 (lines starting with # are metadata; ...)
///   # lab: divergence
///   # device: sim:h200
///   # device_name: H200 SXM (model)
///   # provenance: simulated | measured | recorded
///   # recorded_on: 2026-11-24                     (a recorded run only)
///   # banner: Simulated: H200 SXM (model)
///   # params: depth=2, pattern=odd-even, ...      (named choices by name)
///   # view: divergence-vs-paths
///   # title: ...
///   # kind: xy | timeline | grid | bars
///   # layout: long | wide
/// then per kind:
///   xy:       x: <x axis, with unit>, y: <y axis, with unit> (y_min, y_max too), and
///             x_scale: log / y_scale: log for logarithmic axes
///   bars:     category: <category axis>, value: <value axis, with unit> (low, high too)
///   timeline: time: <time axis, with unit>, time_unit: <start and end's unit>, and one
///             span_kind <id>: <legend label> per kind of span
///   grid:     row_axis, column_axis, time_unit, and one state <id>: <legend label> per state
/// Every line break and control character in a key or value becomes a space, so a hostile title
/// stays on its one '#' line.

#include <string>
#include <vector>

#include "warpscope/result.h"

namespace warpscope {

struct CsvMetadataLine {
  std::string key;
  std::string value;
};

/// The metadata of `view` of `result`, in the order above; `wide`: the CSV's layout.
std::vector<CsvMetadataLine> csvMetadata(const RunResult& result, const View& view, bool wide);

/// "# key: value" ("# key:" for an empty value), line breaks and control characters as spaces.
std::string csvCommentLine(const CsvMetadataLine& line);

}  // namespace warpscope
