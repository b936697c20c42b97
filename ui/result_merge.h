#pragma once
/// \file result_merge.h
/// Folding a FocusOnly result into the full result on display. Plain data in, plain data out:
/// the chart then updates its series in place from the merged result.

#include "warpscope/result.h"

namespace warpscope::ui {

/// Merges `focus` (a FocusOnly result: views hold only the focus point) into `shown`: each of
/// its points replaces the point with the same series name and x (or is inserted in x order),
/// each view's focus marker moves, scalars with the same id are replaced (new ones added), and
/// the parameters become the focus run's. Returns false, leaving `shown` unchanged, when a
/// focus view or series does not exist in `shown` (the caller then reruns the full sweep).
bool mergeFocusResult(RunResult& shown, const RunResult& focus);

}  // namespace warpscope::ui
