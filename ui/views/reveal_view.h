#pragma once
/// \file reveal_view.h
/// Predict first (issue 30): a view as the class sees it before and while its data is revealed.
/// Before (fraction 0) only the axes and the reference series (ceilings, roofs, rules: what the
/// data is read against) are drawn; the reveal draws the xy series along x, left to right, and
/// the bars at its end. The axes keep the whole data's span throughout (View::extentHint), so
/// nothing moves when the data arrives. Timelines and grids are veiled by their clock instead
/// (the animation at its start), which the predict flow moves.

#include <functional>
#include <string>

#include "warpscope/result.h"

namespace warpscope::ui {

/// Whether a series is a reference line of its view, drawn before the reveal.
using IsReferenceSeries = std::function<bool(const std::string& viewId, const std::string& seriesName)>;

/// `view` with its data shown up to `fraction` (0..1; 1 and above: `view` itself). xy: each
/// non-reference series keeps its points up to that share of the x axis (on a log axis, of its
/// decades); the focus ring waits for the end. Bars: hidden (not a number) until the end.
View revealedView(const View& view, double fraction, const IsReferenceSeries& isReference);

/// Whether the view's kind is veiled by revealedView (xy, bars); timelines and grids are not.
bool revealsByData(const View& view);

}  // namespace warpscope::ui
