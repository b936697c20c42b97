#pragma once
/// \file result_merge.h
/// Folding a FocusOnly result into the full result on display. Plain data in, plain data out:
/// the chart then updates its series in place from the merged result.

#include <string>
#include <vector>

#include "warpscope/result.h"

namespace warpscope::ui {

/// What a merge did.
struct MergeReport {
  /// At least one view took the focus run's data (false: `shown` is unchanged).
  bool merged = false;
  /// Views the focus run could not be merged into, which need a full sweep: xy views that
  /// follow the focus (View::followsFocus: every point depends on the parameter that changed),
  /// xy views that took a series they lacked (it holds the focus point alone until the sweep
  /// draws it whole), and views `shown` lacks.
  std::vector<std::string> staleViews;
};

/// Merges `focus` (a FocusOnly result) into `shown`, view by view (matched by id):
/// - a timeline, grid or bars view of the focus run is complete: it replaces the shown one;
/// - in a mergeable xy view every focus point replaces the point with the same series name and
///   x (or is inserted in x order; a series the view lacks is added) and the focus marker moves;
/// - views the focus result lacks are kept as they are (e.g. a trace from the sweep survives).
/// Scalars with the same id are replaced (new ones added) and the parameters become the focus
/// run's. Scalars the focus result lacks are kept: only full sweeps emit best.*, since one
/// point cannot say which point is best. Nothing changes when the lab or device differ or when
/// no view is mergeable.
MergeReport mergeFocusResult(RunResult& shown, const RunResult& focus);

/// The notes after a focus move: each shown note the focus run wrote anew (same first three
/// words, e.g. "Limiter at K = ...") takes the focus run's text in its place; notes only the
/// sweep writes (its best point, what was left out) stay; the focus run's other notes follow.
std::vector<std::string> mergeFocusNotes(const std::vector<std::string>& shown, const std::vector<std::string>& focus);

}  // namespace warpscope::ui
