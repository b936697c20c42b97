#pragma once
/// \file grid_style.h
/// The colours the grid's two files share (grid_figure.cpp: layout, table, labels, hit test;
/// grid_raster.cpp: granularity levels and the raster of a page map).

#include <QColor>

namespace warpscope::ui::grid_style {

/// A cell in no known state.
inline const QColor kUnknownFill(0xDD, 0xDD, 0xDD);
/// The hatch over a raster cell whose pages are in mixed states.
inline const QColor kHatch(0x1a, 0x1a, 0x1a, 190);

}  // namespace warpscope::ui::grid_style
