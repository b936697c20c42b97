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
  /// At least one view took the focus point (false: `shown` is unchanged).
  bool merged = false;
  /// Views the focus point could not be merged into: the focus result names a series the view
  /// lacks, or retitles the view (e.g. "... at 512 threads per SM"), which means every point of
  /// that view depends on the parameter that changed. They need a full sweep.
  std::vector<std::string> staleViews;
};

/// Merges `focus` (a FocusOnly result: views hold only the focus point) into `shown`. In each
/// mergeable view every focus point replaces the point with the same series name and x (or is
/// inserted in x order) and the focus marker moves; scalars with the same id are replaced (new
/// ones added) and the parameters become the focus run's. Scalars the focus result lacks are
/// kept: only full sweeps emit best.*, since one point cannot say which point is best. Nothing
/// changes when the lab or device differ or when no view is mergeable.
MergeReport mergeFocusResult(RunResult& shown, const RunResult& focus);

}  // namespace warpscope::ui
