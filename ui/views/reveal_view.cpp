#include "views/reveal_view.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "views/view_chart.h"

namespace warpscope::ui {

namespace {

/// The data's box over every series (points a log axis cannot show left out).
ViewExtent xyExtent(const View& view) {
  ViewExtent e;
  e.xMin = std::numeric_limits<double>::infinity();
  e.xMax = -e.xMin;
  e.yMin = std::numeric_limits<double>::infinity();
  e.yMax = 0;
  for (const Series& s : view.series)
    for (const Point& p : s.points) {
      if (view.logX && !(p.x > 0)) continue;
      e.xMin = std::min(e.xMin, p.x);
      e.xMax = std::max(e.xMax, p.x);
      e.yMax = std::max({e.yMax, p.y, p.yMax});
      for (const double y : {p.y, p.yMin})
        if (y > 0) e.yMin = std::min(e.yMin, y);
    }
  return e;
}

View revealedXy(View view, double fraction, const IsReferenceSeries& isReference) {
  const ViewExtent e = xyExtent(view);
  if (!std::isfinite(e.xMin)) return view;
  view.extentHint = e;
  // Along the axis as drawn: a log axis reveals decade by decade.
  const bool logScale = (view.logX || prefersLogX(view)) && e.xMin > 0;
  const double cut = logScale ? std::exp(std::log(e.xMin) + fraction * (std::log(e.xMax) - std::log(e.xMin)))
                              : e.xMin + fraction * (e.xMax - e.xMin);
  for (Series& s : view.series) {
    if (isReference && isReference(view.id, s.name)) continue;
    if (fraction <= 0) {
      s.points.clear();
      continue;
    }
    std::erase_if(s.points, [&](const Point& p) { return p.x > cut; });
  }
  view.hasFocus = false;
  return view;
}

View revealedBars(View view) {
  double top = 0;
  for (const BarSeries& s : view.bars.series)
    for (const BarValue& v : s.values) top = std::max({top, v.value, v.high});
  ViewExtent e;
  e.yMax = top;
  view.extentHint = e;
  for (BarSeries& s : view.bars.series)
    for (BarValue& v : s.values) v.value = v.low = v.high = std::numeric_limits<double>::quiet_NaN();
  return view;
}

}  // namespace

bool revealsByData(const View& view) { return view.kind == ViewKind::Xy || view.kind == ViewKind::Bars; }

View revealedView(const View& view, double fraction, const IsReferenceSeries& isReference) {
  if (fraction >= 1) return view;
  switch (view.kind) {
    case ViewKind::Xy: return revealedXy(view, std::max(0.0, fraction), isReference);
    case ViewKind::Bars: return revealedBars(view);
    default: return view;
  }
}

}  // namespace warpscope::ui
