#pragma once
/// \file view_chart_fonts.h
/// The xy chart's type sizes, in points at the window's type scale (ui_scale.h): shared by its
/// two files, view_chart.cpp (the legend) and view_chart_axes.cpp (the axes).

#include <QFont>

#include "ui_scale.h"

namespace warpscope::ui::chart_fonts {

inline constexpr int kAxisTitlePointSize = 13;
inline constexpr int kAxisLabelPointSize = 12;
inline constexpr int kLegendPointSize = 12;
/// On a projector no axis title smaller than this many pixels (a back row's limit).
inline constexpr double kProjectorMinTitlePx = 16;

inline QFont sizedFont(int pointSize, bool bold = false) {
  QFont f;
  f.setPointSize(scaledSize(pointSize));
  f.setBold(bold);
  return f;
}

}  // namespace warpscope::ui::chart_fonts
