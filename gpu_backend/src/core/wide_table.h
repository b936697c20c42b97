#pragma once
/// \file wide_table.h
/// The wide form of a view, one column per series (what gnuplot's `using 1:2`, a spreadsheet's
/// chart and pandas' plot() expect), written by `--wide` CSVs. The table form (view_table.h)
/// stays the one JSON holds and every reader reads: nothing reads the wide form back.
///
///   xy:   <x axis label>, then per series <series name> and, only for a series with a spread
///         (some point's y_min or y_max differs from its y), <name> y_min, <name> y_max.
///         One row per distinct x of any series, ascending; a cell is empty where a series has
///         no point at that x. A series with several points at one x fills as many rows of it.
///   bars: <category label>, then per series <series name> and, only for a series with a
///         spread, <name> low, <name> high. One row per category, in the view's order.
/// Column names repeated by two series get " (2)", " (3)" ... in order. An empty axis label
/// names the first column "x" or "category".

#include "core/view_table.h"

namespace warpscope {

/// The wide form of an xy or bars view; a timeline or grid view is a BadInputError naming its
/// kind ("a wide CSV (--wide) writes xy and bars views; view 'warp-timeline' is a timeline ...").
ViewTable toWideTable(const View& view);

}  // namespace warpscope
