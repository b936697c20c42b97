#pragma once
/// \file grid_palette.h
/// Fixed colours for the grid states labs name by id (the page map's residency, the memory-access
/// grids' sectors and banks), so a state looks the same whatever order a grid lists it in.

#include <QColor>

#include <string>

namespace warpscope::ui {

/// The colour of a known state id; *known is false (and the colour invalid) for any other id,
/// which then takes the grid's palette by index.
QColor gridStateColor(const std::string& id, bool* known);

}  // namespace warpscope::ui
