#include "core/view_json.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/json_field.h"
#include "core/view_table.h"
#include "warpscope/params.h"

namespace warpscope {
namespace {

using nlohmann::json;

// ---- the table ---------------------------------------------------------------------------

/// Whole numbers (indices, thread counts) are written as JSON integers so the rows read like the
/// CSV; JSON has no NaN or infinity, so those are written as null and read back as NaN.
json cellToJson(const TableCell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) return *text;
  const double value = std::get<double>(cell);
  if (!std::isfinite(value)) return nullptr;
  constexpr double kExactIntegers = 9007199254740992.0;  // 2^53
  if (value == std::floor(value) && std::abs(value) < kExactIntegers && !(value == 0 && std::signbit(value)))
    return static_cast<std::int64_t>(value);
  return value;
}

json tableToJson(const ViewTable& table) {
  json rows = json::array();
  for (const auto& row : table.rows) {
    json cells = json::array();
    for (const auto& cell : row) cells.push_back(cellToJson(cell));
    rows.push_back(std::move(cells));
  }
  return {{"columns", table.columns}, {"rows", std::move(rows)}};
}

ViewTable tableFromJson(const json& object, const std::string& where) {
  const std::string tableWhere = where + " table";
  ViewTable table;
  table.columns = textListField(object, "columns", tableWhere);
  const json& rows = arrayField(object, "rows", tableWhere);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const json& row = rows[r];
    const std::string rowWhere = tableWhere + " rows[" + std::to_string(r) + "]";
    if (!row.is_array()) throw BadInputError("result JSON: " + rowWhere + " is not an array");
    std::vector<TableCell> cells;
    for (std::size_t c = 0; c < row.size(); ++c) {
      const json& cell = row[c];
      if (cell.is_number()) cells.emplace_back(cell.get<double>());
      else if (cell.is_string()) cells.emplace_back(boundedText(cell.get<std::string>(), kMaxLabelChars));
      else if (cell.is_null()) cells.emplace_back(std::numeric_limits<double>::quiet_NaN());
      else
        throw BadInputError("result JSON: " + rowWhere + " cell " + std::to_string(c) +
                            " is neither a number nor a text");
    }
    table.rows.push_back(std::move(cells));
  }
  return table;
}

// ---- metadata per kind -------------------------------------------------------------------

json idLabels(const std::vector<SpanKind>& kinds) {
  json out = json::array();
  for (const auto& k : kinds) out.push_back({{"id", k.id}, {"label", k.label}});
  return out;
}

json idLabels(const std::vector<CellState>& states) {
  json out = json::array();
  for (const auto& s : states) out.push_back({{"id", s.id}, {"label", s.label}});
  return out;
}

void xyMetadataToJson(const View& view, json& out) {
  json series = json::array();
  for (const auto& s : view.series) {
    json entry = {{"name", s.name}, {"key", s.key}};
    if (!s.comparesWith.empty()) entry["compares_with"] = s.comparesWith;  // only on comparisons
    series.push_back(std::move(entry));
  }
  out["x_label"] = view.xLabel;
  out["y_label"] = view.yLabel;
  out["y_max_hint"] = view.yMaxHint;
  out["follows_focus"] = view.followsFocus;
  if (view.logX) out["log_x"] = true;
  if (view.logY) out["log_y"] = true;
  out["series"] = std::move(series);
  if (view.hasFocus) out["focus"] = {{"series", view.focusSeries}, {"x", view.focusX}};
}

void xyMetadataFromJson(const json& in, const std::string& where, View& view) {
  view.xLabel = textField(in, "x_label", where);
  view.yLabel = textField(in, "y_label", where);
  view.yMaxHint = optionalField(in, "y_max_hint", where, 0.0);
  view.followsFocus = optionalField(in, "follows_focus", where, false);
  view.logX = optionalField(in, "log_x", where, false);
  view.logY = optionalField(in, "log_y", where, false);
  for (const auto& s : boundedArrayField(in, "series", where, kMaxSeries, "series"))
    view.series.push_back({textField(s, "name", where + " series"), {}, field<double>(s, "key", where + " series"),
                           optionalTextField(s, "compares_with", where + " series", std::string())});
  if (in.contains("focus")) {
    view.hasFocus = true;
    view.focusSeries = textField(in["focus"], "series", where + " focus");
    view.focusX = field<double>(in["focus"], "x", where + " focus");
  }
}

void timelineMetadataToJson(const Timeline& timeline, json& out) {
  json rows = json::array();
  for (const auto& r : timeline.rows) rows.push_back({{"label", r.label}, {"group", r.group}, {"sub_rows", r.subRows}});
  out["time_label"] = timeline.timeLabel;
  out["time_unit"] = timeline.timeUnit;
  out["rows"] = std::move(rows);
  out["span_kinds"] = idLabels(timeline.kinds);
  out["steps"] = timeline.steps;
  if (!timeline.unlitSubRowLabel.empty()) out["unlit_sub_row_label"] = timeline.unlitSubRowLabel;
}

void timelineMetadataFromJson(const json& in, const std::string& where, Timeline& timeline) {
  timeline.timeLabel = textField(in, "time_label", where);
  timeline.timeUnit = textField(in, "time_unit", where);
  for (const auto& r : boundedArrayField(in, "rows", where, kMaxTimelineRows, "rows"))
  {
    TimelineRow row{textField(r, "label", where + " rows"), textField(r, "group", where + " rows"),
                    field<int>(r, "sub_rows", where + " rows")};
    // Events light sub-rows through a 64-bit mask.
    if (row.subRows < 0 || row.subRows > 64)
      throw BadInputError("result JSON: " + where + " row '" + row.label + "' has sub_rows " +
                          std::to_string(row.subRows) + " (0 to 64)");
    timeline.rows.push_back(std::move(row));
  }
  for (const auto& k : boundedArrayField(in, "span_kinds", where, kMaxLegendEntries, "span kinds"))
    timeline.kinds.push_back({textField(k, "id", where + " span_kinds"), textField(k, "label", where + " span_kinds")});
  timeline.steps = optionalField(in, "steps", where, std::vector<double>{});
  timeline.unlitSubRowLabel = optionalTextField(in, "unlit_sub_row_label", where, std::string{});
}

void gridMetadataToJson(const View& view, json& out) {
  const Grid& grid = view.grid;
  out["row_axis_label"] = grid.rowAxisLabel;
  out["column_axis_label"] = grid.columnAxisLabel;
  out["row_labels"] = grid.rowLabels;
  out["column_labels"] = grid.columnLabels;
  out["states"] = idLabels(grid.states);
  out["time_unit"] = grid.timeUnit;
  // Optional, so grids without them read and write exactly as before.
  if (!grid.levels.empty()) {
    json levels = json::array();
    for (const auto& l : grid.levels) levels.push_back({{"name", l.name}, {"columns_per_cell", l.columnsPerCell}});
    out["levels"] = std::move(levels);
  }
  // The change form's table holds the initial frame's cells; its label is metadata.
  if (usesChangeForm(view) && !grid.frames.empty()) out["initial_frame_label"] = grid.frames.front().label;
}

void gridMetadataFromJson(const json& in, const std::string& where, Grid& grid) {
  grid.rowAxisLabel = textField(in, "row_axis_label", where);
  grid.columnAxisLabel = textField(in, "column_axis_label", where);
  grid.rowLabels = textListField(in, "row_labels", where);
  grid.columnLabels = textListField(in, "column_labels", where);
  // The cells are allocated from these two counts: bound them before anything else is.
  if (grid.rowLabels.size() * grid.columnLabels.size() > kMaxGridCells)
    throw BadInputError("result JSON: " + where + " has " + std::to_string(grid.rowLabels.size()) + " x " +
                        std::to_string(grid.columnLabels.size()) + " cells, more than the " +
                        std::to_string(kMaxGridCells) + " Warpscope reads");
  for (const auto& s : boundedArrayField(in, "states", where, kMaxLegendEntries, "states"))
    grid.states.push_back({textField(s, "id", where + " states"), textField(s, "label", where + " states")});
  grid.timeUnit = textField(in, "time_unit", where);
  if (in.contains("levels"))
    for (const auto& l : boundedArrayField(in, "levels", where, kMaxLegendEntries, "levels")) {
      GridLevel level{textField(l, "name", where + " levels"), field<int>(l, "columns_per_cell", where + " levels")};
      if (level.columnsPerCell < 1 || (grid.columns() > 0 && grid.columns() % level.columnsPerCell != 0))
        throw BadInputError("result JSON: " + where + " level '" + level.name + "' has columns_per_cell " +
                            std::to_string(level.columnsPerCell) + ", which does not divide the grid's " +
                            std::to_string(grid.columns()) + " columns");
      grid.levels.push_back(std::move(level));
    }
  if (in.contains("initial_frame_label"))
    grid.frames.assign(1, GridFrame{0, textField(in, "initial_frame_label", where), {}, {}});
}

// ---- a grid's frames, the wire form -----------------------------------------------------

/// Whether `view` goes as frames in the wire form: a grid with a frame per step (a grid in the
/// change form is already compact).
bool sentAsFrames(const View& view, JsonForm form) {
  return form == JsonForm::Wire && view.kind == ViewKind::Grid && !usesChangeForm(view);
}

/// Hex digits per cell in a frame's `cells` string: 1 for up to 16 states, else 2 (at most
/// kMaxLegendEntries = 256 states).
std::size_t digitsPerCell(const Grid& grid) { return grid.states.size() <= 16 ? 1 : 2; }

/// A frame as `{time, label, cells, text_at, text}`: `cells` one string of hex state indices, a
/// JSON value per frame rather than per cell (nlohmann builds, frees and parses a value per
/// cell: 34,000 of them cost 12 ms a move on two cores even as integers); the texts only where a
/// cell has one (atomics: 1,056 of 33,792), `text_at` their cell indices in increasing order.
json gridFrameToJson(const GridFrame& frame, std::size_t digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string cells(frame.cells.size() * digits, '0');
  for (std::size_t i = 0; i < frame.cells.size(); ++i) {
    const auto state = static_cast<unsigned>(frame.cells[i]) & 0xffu;
    if (digits == 2) cells[2 * i] = kHex[state >> 4];
    cells[digits * i + digits - 1] = kHex[state & 0xfu];
  }
  json textAt = json::array();
  json texts = json::array();
  for (std::size_t i = 0; i < frame.text.size(); ++i)
    if (!frame.text[i].empty()) {
      textAt.push_back(i);
      texts.push_back(frame.text[i]);
    }
  return {{"time", frame.time}, {"label", frame.label}, {"cells", std::move(cells)}, {"text_at", std::move(textAt)},
          {"text", std::move(texts)}};
}

json gridFramesToJson(const Grid& grid) {
  json frames = json::array();
  for (const GridFrame& frame : grid.frames) frames.push_back(gridFrameToJson(frame, digitsPerCell(grid)));
  return frames;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/// One frame of a grid of `cells` cells; the same checks as the table form's reader (every cell
/// a state the view declares, each text once, in its cell), since a worker's answer is read as
/// hostile as a file.
GridFrame gridFrameFromJson(const json& in, const std::string& where, const Grid& grid, std::size_t cells) {
  GridFrame frame{field<double>(in, "time", where), textField(in, "label", where), {}, {}};
  const std::string states = field<std::string>(in, "cells", where);
  const std::size_t digits = digitsPerCell(grid);
  if (states.size() != cells * digits)
    throw BadInputError("result JSON: " + where + " cells has " + std::to_string(states.size()) + " digits, the grid's " +
                        std::to_string(cells) + " cells " + std::to_string(cells * digits));
  frame.cells.resize(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    int state = 0;
    for (std::size_t d = 0; d < digits; ++d) {
      const int digit = hexDigit(states[digits * i + d]);
      if (digit < 0)
        throw BadInputError("result JSON: " + where + " cell " + std::to_string(i) + " is not written in hex digits");
      state = state * 16 + digit;
    }
    if (static_cast<std::size_t>(state) >= grid.states.size())
      throw BadInputError("result JSON: " + where + " cell " + std::to_string(i) + " is state " + std::to_string(state) +
                          ", not one of the view's " + std::to_string(grid.states.size()) + " cell states");
    frame.cells[i] = state;
  }
  const json& textAt = arrayField(in, "text_at", where);
  const std::vector<std::string> texts = textListField(in, "text", where);
  if (textAt.size() != texts.size())
    throw BadInputError("result JSON: " + where + " has " + std::to_string(texts.size()) + " texts at " +
                        std::to_string(textAt.size()) + " cells");
  if (!texts.empty()) frame.text.assign(cells, std::string());  // as the table form: no text, no list
  for (std::size_t t = 0; t < texts.size(); ++t) {
    const json& at = textAt[t];
    // Checked in order, so the one before is a valid cell index already.
    if (!at.is_number_integer() || at.get<std::int64_t>() < 0 || at.get<std::uint64_t>() >= cells ||
        (t > 0 && at.get<std::uint64_t>() <= textAt[t - 1].get<std::uint64_t>()))
      throw BadInputError("result JSON: " + where + " text_at[" + std::to_string(t) + "] is " + at.dump() +
                          ", not a cell after the last one with a text");
    frame.text[at.get<std::size_t>()] = texts[t];
  }
  return frame;
}

void gridFramesFromJson(const json& frames, const std::string& where, Grid& grid) {
  if (!frames.is_array()) throw BadInputError("result JSON: " + where + " frames is not an array");
  const std::size_t cells = grid.rowLabels.size() * grid.columnLabels.size();
  if (frames.size() * cells > kMaxGridFrameCells)
    throw BadInputError("result JSON: " + where + " has " + std::to_string(frames.size()) + " frames of " +
                        std::to_string(cells) + " cells, more than the " + std::to_string(kMaxGridFrameCells) +
                        " cells in all frames Warpscope reads");
  grid.frames.clear();
  for (std::size_t f = 0; f < frames.size(); ++f)
    grid.frames.push_back(gridFrameFromJson(frames[f], where + " frames[" + std::to_string(f) + "]", grid, cells));
}

void barsMetadataToJson(const Bars& bars, json& out) {
  json series = json::array();
  for (const auto& s : bars.series) series.push_back({{"name", s.name}});
  out["category_label"] = bars.categoryLabel;
  out["value_label"] = bars.valueLabel;
  out["categories"] = bars.categories;
  out["series"] = std::move(series);
}

void barsMetadataFromJson(const json& in, const std::string& where, Bars& bars) {
  bars.categoryLabel = textField(in, "category_label", where);
  bars.valueLabel = textField(in, "value_label", where);
  requireAtMost(in, "categories", where, kMaxCategories, "categories");
  bars.categories = textListField(in, "categories", where);
  for (const auto& s : boundedArrayField(in, "series", where, kMaxSeries, "series"))
    bars.series.push_back({textField(s, "name", where + " series"), {}});
  // Checked before fromTable allocates the bars, and the window draws each of them.
  if (bars.series.size() * bars.categories.size() > kMaxBars)
    throw BadInputError("result JSON: " + where + " declares " + std::to_string(bars.series.size()) + " series x " +
                        std::to_string(bars.categories.size()) + " categories, more than the " +
                        std::to_string(kMaxBars) + " bars Warpscope shows");
}

void listingMetadataToJson(const Listing& listing, json& out) {
  out["caption"] = listing.caption;
  out["states"] = idLabels(listing.states);
}

void listingMetadataFromJson(const json& in, const std::string& where, Listing& listing) {
  listing.caption = textField(in, "caption", where);
  for (const auto& s : boundedArrayField(in, "states", where, kMaxLegendEntries, "states"))
    listing.states.push_back({textField(s, "id", where + " states"), textField(s, "label", where + " states")});
}

}  // namespace

json viewToJson(const View& view, JsonForm form) {
  json out = {{"id", view.id}, {"title", view.title}, {"kind", viewKindName(view.kind)}};
  switch (view.kind) {
    case ViewKind::Xy: xyMetadataToJson(view, out); break;
    case ViewKind::Timeline: timelineMetadataToJson(view.timeline, out); break;
    case ViewKind::Grid: gridMetadataToJson(view, out); break;
    case ViewKind::Bars: barsMetadataToJson(view.bars, out); break;
    case ViewKind::Listing: listingMetadataToJson(view.listing, out); break;
  }
  if (sentAsFrames(view, form))
    out["frames"] = gridFramesToJson(view.grid);
  else
    out["table"] = tableToJson(toTable(view));
  return out;
}

View viewFromJson(const json& object, JsonForm form) {
  View view;
  view.id = textField(object, "id", "a view");
  const std::string where = "view '" + view.id + "'";
  view.title = textField(object, "title", where);
  const auto kind = textField(object, "kind", where);
  if (!parseViewKind(kind, &view.kind))
    throw BadInputError("result JSON: field 'kind' in " + where + " is '" + kind + "' (kinds: xy, timeline, grid, bars, listing)");
  switch (view.kind) {
    case ViewKind::Xy: xyMetadataFromJson(object, where, view); break;
    case ViewKind::Timeline: timelineMetadataFromJson(object, where, view.timeline); break;
    case ViewKind::Grid: gridMetadataFromJson(object, where, view.grid); break;
    case ViewKind::Bars: barsMetadataFromJson(object, where, view.bars); break;
    case ViewKind::Listing: listingMetadataFromJson(object, where, view.listing); break;
  }
  if (form == JsonForm::Wire && view.kind == ViewKind::Grid && object.contains("frames")) {
    gridFramesFromJson(object["frames"], where, view.grid);
    return view;
  }
  const ViewTable table = tableFromJson(member(object, "table", where), where);
  try {
    fromTable(view, table);
  } catch (const BadInputError& e) {
    throw BadInputError(std::string("result JSON: ") + e.what());
  }
  return view;
}

View viewFromJsonV1(const json& object) {
  View view;
  view.id = textField(object, "id", "a view");
  const std::string where = "view '" + view.id + "'";
  view.title = textField(object, "title", where);
  view.xLabel = textField(object, "x_label", where);
  view.yLabel = textField(object, "y_label", where);
  view.yMaxHint = optionalField(object, "y_max_hint", where, 0.0);
  for (const auto& s : boundedArrayField(object, "series", where, kMaxSeries, "series")) {
    // Version 1 had no series key; 0 is the "none" the struct defaults to.
    Series series{textField(s, "name", where), {}, 0};
    const std::string seriesWhere = where + " series '" + series.name + "'";
    for (const auto& p : arrayField(s, "points", seriesWhere))
      series.points.push_back({field<double>(p, "x", seriesWhere), field<double>(p, "y", seriesWhere),
                               field<double>(p, "y_min", seriesWhere), field<double>(p, "y_max", seriesWhere)});
    view.series.push_back(std::move(series));
  }
  if (object.contains("focus")) {
    view.hasFocus = true;
    view.focusSeries = textField(object["focus"], "series", where + " focus");
    view.focusX = field<double>(object["focus"], "x", where + " focus");
  }
  return view;
}

}  // namespace warpscope
