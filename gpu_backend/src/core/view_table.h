#pragma once
/// \file view_table.h
/// The one table form of each view kind (PlotJuggler style: a plain table first, then text).
/// CSV writes it as rows under '#' metadata lines; JSON writes it as `table: {columns, rows}`
/// next to the view's metadata. Only what varies per row lives in the table; titles, labels,
/// legends, timeline rows, grid labels, steps and focus are the view's metadata.
///
/// Columns per kind:
///   xy:       view, series, series_key, x, y, y_min, y_max           (one row per point)
///   timeline: row, row_label, group, start, end, kind, sub_row_mask, payload (one per event)
///   grid:     frame, time, frame_label, row, row_label, column, column_label, state, text
///             (one row per cell per frame; state is the CellState id)
///   grid with changes (Grid::changes non-empty, e.g. the 1 GiB page map): the change form
///             time, first_cell, count, state
///             first the initial frame as runs of equal state covering every cell in order (at
///             the frame's time), then one row per GridChange. Replaying every row up to a time
///             gives the state at that time; the initial frame's label is metadata; cell text is
///             not part of this form (changes carry none).
///   bars:     category, series, value, low, high                     (one row per bar)
/// sub_row_mask is hex text ("0xffff") because a 64-bit mask does not fit a double exactly.

#include <cstddef>
#include <string>
#include <variant>
#include <vector>

#include "warpscope/result.h"

namespace warpscope {

/// What a grid read from a file may hold, checked before its cells are allocated: one frame of
/// 4M cells (the page map of a 16 GiB allocation in 4 KiB pages), 32M over all frames.
inline constexpr std::size_t kMaxGridCells = std::size_t{1} << 22;
inline constexpr std::size_t kMaxGridFrameCells = std::size_t{1} << 25;

/// One cell: a number or a text. Index columns (row, frame, ...) hold whole numbers.
using TableCell = std::variant<double, std::string>;

/// A view's rows under named columns; every row has one cell per column.
struct ViewTable {
  std::vector<std::string> columns;
  std::vector<std::vector<TableCell>> rows;
};

/// The columns of a kind's table, in order.
const std::vector<std::string>& tableColumns(ViewKind kind);
/// The columns of a grid's change form: time, first_cell, count, state.
const std::vector<std::string>& gridChangeColumns();
/// True when toTable writes `view` in the grid change form (a grid with changes, or a still
/// grid: one frame without cell text).
bool usesChangeForm(const View& view);

/// The table form of the view's per-row data (points, events, cells per frame, bars).
ViewTable toTable(const View& view);

/// Inverse of toTable: fills the per-row data of a view whose metadata (kind, id, series
/// names and keys, timeline rows, grid labels and states, bar categories and series) is
/// already set, replacing any per-row data it had. Throws BadInputError naming the view, the
/// row and the column that is malformed: wrong columns, a text where a number belongs, an index
/// out of range, a series, state or category the metadata does not declare, a redundant label
/// that disagrees with the metadata, a missing or repeated cell or bar.
/// A grid frame whose text cells are all empty reads back with no text (it draws the same).
/// A grid table in the change form (told by its columns) replaces frames with the one initial
/// frame (keeping the label of any frame the view had, the initial-frame metadata) and fills
/// changes; it refuses runs that leave cells out, changes out of time order or out of range.
void fromTable(View& view, const ViewTable& table);

}  // namespace warpscope
