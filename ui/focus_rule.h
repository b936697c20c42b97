#pragma once
/// \file focus_rule.h
/// Whether a parameter change reruns one point (FocusOnly) or the whole sweep: decided here,
/// once, for every change the parameter panel reports.
///
/// Two things must hold for a focus run, and no one place knows both:
/// - only Focus parameters changed: the panel knows which control moved, and says so with
///   ParamPanel::paramsChanged's `focusOnly` (a reset counts as a sweep change);
/// - a full sweep with the same Sweep values is on screen or on its way: the window knows. A
///   focus result is one point, merged into that sweep (result_merge.h); with nothing to merge
///   into (no sweep yet, the last one failed or was cancelled, or its Sweep values are not the
///   panel's: a failed sweep leaves the older one on screen) it could only be drawn by running
///   the whole sweep after it, so the sweep runs at once.

#include <optional>

#include "warpscope/lab.h"
#include "warpscope/params.h"

namespace warpscope::ui {

/// The scope of the run for a change to `values` (every parameter, as the panel emitted them).
/// `focusOnly`: the panel's word that only Focus parameters changed. `sweep`: the values of
/// the full sweep a focus result would be merged into (on screen or on its way), or nullopt.
[[nodiscard]] RunScope scopeForChange(const LabSpec& lab, const ParamSet& values, bool focusOnly,
                                      const std::optional<ParamSet>& sweep);

}  // namespace warpscope::ui
