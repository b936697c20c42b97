#pragma once
/// \file compare.h
/// Compare (Ctrl+P): a pinned result drawn under later results of the same lab. Plain data:
/// the window shows withPinned(shown, pinned), whose extra series are the pinned run's,
/// dashed, labelled with what differs (device, parameters) and the mean difference where the
/// two runs share a series; figures exported then carry the comparison too.

#include <string>

#include "warpscope/result.h"

namespace warpscope::ui {

/// "H200 SXM (model), ILP = 1": what sets the pinned run apart from `shown` (its device when it
/// differs, then each parameter it ran with another value); "same run" when nothing differs.
std::string pinLabel(const RunResult& pinned, const RunResult& shown);

/// Mean of |pinned - shown| / |shown| over the x values two series share (NaN when they share
/// none or every shown y there is 0): how far the pinned line lies from the one on screen.
double meanRelativeDifference(const Series& pinned, const Series& shown);

/// `shown` with, in each xy view the pinned result also has, the pinned series added after the
/// shown ones (Series::comparesWith names the shown series of the same name, or is the pinned
/// name itself when `shown` has none), named "NAME pinned, P% apart" (the mean relative
/// difference), the view's title ending "(dashed: LABEL)"; a note says what is pinned. Views of
/// other kinds are left as they are.
RunResult withPinned(const RunResult& shown, const RunResult& pinned);

}  // namespace warpscope::ui
