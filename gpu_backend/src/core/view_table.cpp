#include "core/view_table.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "core/text_limits.h"
#include "warpscope/params.h"

namespace warpscope {
namespace {

// Column positions; they must follow tableColumns() below.
enum XyColumn : std::size_t { kXyView, kXySeries, kXyKey, kXyX, kXyY, kXyYMin, kXyYMax };
enum TimelineColumn : std::size_t {
  kTlRow, kTlRowLabel, kTlGroup, kTlStart, kTlEnd, kTlKind, kTlMask, kTlPayload
};
enum GridColumn : std::size_t {
  kGrFrame, kGrTime, kGrFrameLabel, kGrRow, kGrRowLabel, kGrColumn, kGrColumnLabel, kGrState, kGrText
};
enum GridChangeColumn : std::size_t { kChTime, kChFirstCell, kChCount, kChState };
enum BarsColumn : std::size_t { kBarCategory, kBarSeries, kBarValue, kBarLow, kBarHigh };
enum ListingColumn : std::size_t { kLsLine, kLsState, kLsText };

std::string numberText(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

std::string maskText(std::uint64_t mask) {
  char digits[17] = {};
  const auto end = std::to_chars(digits, digits + 16, mask, 16).ptr;
  return "0x" + std::string(digits, end);
}

[[noreturn]] void fail(const View& view, const std::string& what) {
  throw BadInputError("view '" + view.id + "' table: " + what);
}

/// Typed access to one row's cells; every complaint names the row and the column.
class RowCells {
 public:
  RowCells(const View& view, const ViewTable& table, std::size_t row)
      : view_(view), table_(table), row_(row) {}

  [[nodiscard]] double number(std::size_t column) const {
    if (const double* value = std::get_if<double>(&cell(column))) return *value;
    failAt(column, "expected a number, found the text '" + std::get<std::string>(cell(column)) + "'");
  }
  [[nodiscard]] const std::string& text(std::size_t column) const {
    if (const std::string* value = std::get_if<std::string>(&cell(column))) return *value;
    failAt(column, "expected a text, found the number " + numberText(std::get<double>(cell(column))));
  }
  /// A whole number in [0, count): an index into one of the view's lists, named `what`.
  [[nodiscard]] std::size_t index(std::size_t column, std::size_t count, const std::string& what) const {
    const double value = number(column);
    if (!(value >= 0) || value != std::floor(value) || value >= static_cast<double>(count))
      failAt(column, numberText(value) + " is not one of the view's " + std::to_string(count) + " " + what);
    return static_cast<std::size_t>(value);
  }
  /// sub_row_mask: "0x" and 1 to 16 hex digits.
  [[nodiscard]] std::uint64_t mask(std::size_t column) const {
    const std::string& textValue = text(column);
    std::uint64_t value = 0;
    const char* first = textValue.data() + 2;
    const char* last = textValue.data() + textValue.size();
    const bool prefixed = textValue.size() > 2 && textValue.size() <= 18 && textValue[0] == '0' &&
                          (textValue[1] == 'x' || textValue[1] == 'X');
    if (!prefixed || std::from_chars(first, last, value, 16).ptr != last)
      failAt(column, "'" + textValue + "' is not a hex mask like 0xffff");
    return value;
  }
  /// Redundant columns (row_label next to row) must agree with the metadata they repeat.
  void expectText(std::size_t column, const std::string& expected) const {
    if (text(column) != expected)
      failAt(column, "'" + text(column) + "' disagrees with the view's '" + expected + "'");
  }
  void expectNumber(std::size_t column, double expected) const {
    if (number(column) != expected)
      failAt(column, numberText(number(column)) + " disagrees with " + numberText(expected) +
                         " in an earlier row of the same frame");
  }
  [[noreturn]] void failAt(std::size_t column, const std::string& what) const {
    fail(view_, "rows[" + std::to_string(row_) + "], column '" + table_.columns[column] + "': " + what);
  }

 private:
  [[nodiscard]] const TableCell& cell(std::size_t column) const { return table_.rows[row_][column]; }
  const View& view_;
  const ViewTable& table_;
  std::size_t row_;
};

/// Whether a grid table is in the change form: told by its first column (a full check follows).
bool isChangeTable(const View& view, const ViewTable& table) {
  return view.kind == ViewKind::Grid && !table.columns.empty() && table.columns.front() == gridChangeColumns().front();
}

void checkShape(const View& view, const ViewTable& table) {
  const auto& expected = isChangeTable(view, table) ? gridChangeColumns() : tableColumns(view.kind);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (i >= table.columns.size())
      fail(view, std::string("column '") + expected[i] + "' is missing (" + viewKindName(view.kind) +
                     " tables have " + std::to_string(expected.size()) + " columns)");
    if (table.columns[i] != expected[i])
      fail(view, "column " + std::to_string(i) + " is '" + table.columns[i] + "', expected '" + expected[i] + "'");
  }
  if (table.columns.size() > expected.size())
    fail(view, "unexpected column '" + table.columns[expected.size()] + "'");
  for (std::size_t r = 0; r < table.rows.size(); ++r)
    if (table.rows[r].size() != expected.size())
      fail(view, "rows[" + std::to_string(r) + "] has " + std::to_string(table.rows[r].size()) +
                     " cells, expected " + std::to_string(expected.size()));
}

// ---- xy ----------------------------------------------------------------------------------

void xyToTable(const View& view, ViewTable& table) {
  for (const auto& series : view.series)
    for (const auto& p : series.points)
      table.rows.push_back({view.id, series.name, series.key, p.x, p.y, p.yMin, p.yMax});
}

void xyFromTable(View& view, const ViewTable& table) {
  for (auto& series : view.series) series.points.clear();
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const RowCells row(view, table, r);
    row.expectText(kXyView, view.id);
    const std::string& name = row.text(kXySeries);
    const double key = row.number(kXyKey);
    Series* target = nullptr;
    for (auto& series : view.series)
      if (series.name == name && series.key == key) {
        target = &series;
        break;
      }
    if (!target) row.failAt(kXySeries, "'" + name + "' with key " + numberText(key) + " is not one of the view's series");
    target->points.push_back({row.number(kXyX), row.number(kXyY), row.number(kXyYMin), row.number(kXyYMax)});
  }
}

// ---- timeline ----------------------------------------------------------------------------

void timelineToTable(const View& view, ViewTable& table) {
  const auto& rows = view.timeline.rows;
  for (const auto& e : view.timeline.events) {
    // An event on a row the view does not have is written as is; fromTable refuses it.
    const bool known = e.row >= 0 && static_cast<std::size_t>(e.row) < rows.size();
    const TimelineRow none;
    const TimelineRow& row = known ? rows[static_cast<std::size_t>(e.row)] : none;
    table.rows.push_back({static_cast<double>(e.row), row.label, row.group, e.start, e.end, e.kind,
                          maskText(e.subRowMask), e.payload});
  }
}

void timelineFromTable(View& view, const ViewTable& table) {
  auto& timeline = view.timeline;
  timeline.events.clear();
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const RowCells row(view, table, r);
    const std::size_t index = row.index(kTlRow, timeline.rows.size(), "timeline rows");
    row.expectText(kTlRowLabel, timeline.rows[index].label);
    row.expectText(kTlGroup, timeline.rows[index].group);
    timeline.events.push_back({static_cast<int>(index), row.number(kTlStart), row.number(kTlEnd),
                               row.text(kTlKind), row.mask(kTlMask), row.text(kTlPayload)});
  }
}

// ---- grid --------------------------------------------------------------------------------

void gridToTable(const View& view, ViewTable& table) {
  const Grid& grid = view.grid;
  const auto columns = static_cast<std::size_t>(grid.columns());
  for (std::size_t f = 0; f < grid.frames.size(); ++f) {
    const GridFrame& frame = grid.frames[f];
    for (std::size_t r = 0; r < grid.rowLabels.size(); ++r)
      for (std::size_t c = 0; c < columns; ++c) {
        const std::size_t i = r * columns + c;
        if (i >= frame.cells.size()) continue;  // a short frame: fromTable reports the missing cell
        const int state = frame.cells[i];
        // A state outside the legend is written as its number; fromTable refuses it by name.
        const std::string stateId = state >= 0 && static_cast<std::size_t>(state) < grid.states.size()
                                        ? grid.states[static_cast<std::size_t>(state)].id
                                        : std::to_string(state);
        const std::string text = i < frame.text.size() ? frame.text[i] : std::string();
        table.rows.push_back({static_cast<double>(f), frame.time, frame.label, static_cast<double>(r),
                              grid.rowLabels[r], static_cast<double>(c), grid.columnLabels[c], stateId, text});
      }
  }
}

int stateIndex(const Grid& grid, const RowCells& row) {
  const std::string& id = row.text(kGrState);
  for (std::size_t s = 0; s < grid.states.size(); ++s)
    if (grid.states[s].id == id) return static_cast<int>(s);
  row.failAt(kGrState, "'" + id + "' is not one of the view's cell states");
}

void gridFromTable(View& view, const ViewTable& table) {
  Grid& grid = view.grid;
  grid.frames.clear();
  const std::size_t rows = grid.rowLabels.size();
  const std::size_t columns = grid.columnLabels.size();
  constexpr int kUnset = -1;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const RowCells row(view, table, r);
    // Frames arrive in order: an index either continues the current frames or starts the next.
    const std::size_t f = row.index(kGrFrame, grid.frames.size() + 1, "frames so far (frames come in order)");
    if (f == grid.frames.size()) {
      if ((f + 1) * rows * columns > kMaxGridFrameCells)
        row.failAt(kGrFrame, "starts frame " + std::to_string(f) + ", past the " + std::to_string(kMaxGridFrameCells) +
                                 " cells in all frames Warpscope reads");
      grid.frames.push_back({row.number(kGrTime), row.text(kGrFrameLabel),
                             std::vector<int>(rows * columns, kUnset), std::vector<std::string>(rows * columns)});
    }
    GridFrame& frame = grid.frames[f];
    row.expectNumber(kGrTime, frame.time);
    if (row.text(kGrFrameLabel) != frame.label)
      row.failAt(kGrFrameLabel, "'" + row.text(kGrFrameLabel) + "' disagrees with '" + frame.label +
                                    "' in an earlier row of the same frame");
    const std::size_t cellRow = row.index(kGrRow, rows, "grid rows");
    row.expectText(kGrRowLabel, grid.rowLabels[cellRow]);
    const std::size_t cellColumn = row.index(kGrColumn, columns, "grid columns");
    row.expectText(kGrColumnLabel, grid.columnLabels[cellColumn]);
    const std::size_t i = cellRow * columns + cellColumn;
    if (frame.cells[i] != kUnset)
      row.failAt(kGrColumn, "repeats cell (row " + std::to_string(cellRow) + ", column " +
                                std::to_string(cellColumn) + ") of frame " + std::to_string(f));
    frame.cells[i] = stateIndex(grid, row);
    frame.text[i] = row.text(kGrText);
  }
  for (std::size_t f = 0; f < grid.frames.size(); ++f) {
    GridFrame& frame = grid.frames[f];
    for (std::size_t i = 0; i < frame.cells.size(); ++i)
      if (frame.cells[i] == kUnset)
        fail(view, "frame " + std::to_string(f) + " has no row for cell (row " + std::to_string(i / columns) +
                       ", column " + std::to_string(i % columns) + ")");
    bool anyText = false;
    for (const auto& text : frame.text) anyText = anyText || !text.empty();
    if (!anyText) frame.text.clear();
  }
}

// ---- grid, change form ------------------------------------------------------------------

std::string stateIdOf(const Grid& grid, int state) {
  // A state outside the legend is written as its number; fromTable refuses it by name.
  return state >= 0 && static_cast<std::size_t>(state) < grid.states.size() ? grid.states[static_cast<std::size_t>(state)].id
                                                                          : std::to_string(state);
}

void gridChangesToTable(const View& view, ViewTable& table) {
  const Grid& grid = view.grid;
  const std::size_t cells = static_cast<std::size_t>(grid.rows()) * static_cast<std::size_t>(grid.columns());
  // The initial frame as runs of one state (a fresh allocation is a single run).
  if (!grid.frames.empty()) {
    const GridFrame& initial = grid.frames.front();
    std::size_t i = 0;
    while (i < cells && i < initial.cells.size()) {
      std::size_t j = i + 1;
      while (j < cells && j < initial.cells.size() && initial.cells[j] == initial.cells[i]) ++j;
      table.rows.push_back({initial.time, static_cast<double>(i), static_cast<double>(j - i), stateIdOf(grid, initial.cells[i])});
      i = j;
    }
  }
  for (const GridChange& c : grid.changes)
    table.rows.push_back({c.time, static_cast<double>(c.firstCell), static_cast<double>(c.count), stateIdOf(grid, c.state)});
}

int changeStateIndex(const Grid& grid, const RowCells& row) {
  const std::string& id = row.text(kChState);
  for (std::size_t s = 0; s < grid.states.size(); ++s)
    if (grid.states[s].id == id) return static_cast<int>(s);
  row.failAt(kChState, "'" + id + "' is not one of the view's cell states");
}

void gridChangesFromTable(View& view, const ViewTable& table) {
  Grid& grid = view.grid;
  const std::size_t cells = grid.rowLabels.size() * grid.columnLabels.size();
  GridFrame initial;
  if (!grid.frames.empty()) initial.label = grid.frames.front().label;  // metadata
  initial.cells.reserve(cells);
  grid.changes.clear();
  std::size_t r = 0;
  // Leading rows: the initial frame, run after run, until every cell has its state.
  for (; r < table.rows.size() && initial.cells.size() < cells; ++r) {
    const RowCells row(view, table, r);
    const double time = row.number(kChTime);
    if (r == 0) initial.time = time;
    row.expectNumber(kChTime, initial.time);
    if (row.number(kChFirstCell) != static_cast<double>(initial.cells.size()))
      row.failAt(kChFirstCell, numberText(row.number(kChFirstCell)) + " leaves a gap: the initial frame's runs cover cells 0.." +
                                   std::to_string(initial.cells.size()) + " so far and must continue from there");
    const double count = row.number(kChCount);
    if (!(count >= 1) || count != std::floor(count) || count > static_cast<double>(cells - initial.cells.size()))
      row.failAt(kChCount, numberText(count) + " is not a run inside the grid's " + std::to_string(cells) + " cells");
    initial.cells.insert(initial.cells.end(), static_cast<std::size_t>(count), changeStateIndex(grid, row));
  }
  if (initial.cells.size() < cells)
    fail(view, "the initial frame's runs end at cell " + std::to_string(initial.cells.size()) + " of " + std::to_string(cells));
  for (; r < table.rows.size(); ++r) {
    const RowCells row(view, table, r);
    GridChange change;
    change.time = row.number(kChTime);
    if (!grid.changes.empty() && change.time < grid.changes.back().time)
      row.failAt(kChTime, numberText(change.time) + " is before the previous change's " + numberText(grid.changes.back().time) +
                              " (changes come in time order)");
    const std::size_t first = row.index(kChFirstCell, cells, "cells");
    const double count = row.number(kChCount);
    if (!(count >= 1) || count != std::floor(count) || count > static_cast<double>(cells - first))
      row.failAt(kChCount, numberText(count) + " cells from cell " + std::to_string(first) + " run past the grid's " +
                               std::to_string(cells) + " cells");
    change.firstCell = static_cast<int>(first);
    change.count = static_cast<int>(count);
    change.state = changeStateIndex(grid, row);
    grid.changes.push_back(change);
  }
  grid.frames.assign(1, std::move(initial));
}

// ---- bars --------------------------------------------------------------------------------

void barsToTable(const View& view, ViewTable& table) {
  const Bars& bars = view.bars;
  for (std::size_t c = 0; c < bars.categories.size(); ++c)
    for (const auto& series : bars.series)
      if (c < series.values.size()) {
        const BarValue& bar = series.values[c];
        table.rows.push_back({bars.categories[c], series.name, bar.value, bar.low, bar.high});
      }
}

void barsFromTable(View& view, const ViewTable& table) {
  Bars& bars = view.bars;
  const std::size_t categories = bars.categories.size();
  // series x categories is bounded by the reader (kMaxBars, text_limits.h: 2,048) before this
  // allocates them; a 56 KB file once asked 959 MB here.
  std::vector<std::vector<bool>> filled(bars.series.size(), std::vector<bool>(categories, false));
  for (auto& series : bars.series) series.values.assign(categories, BarValue{});
  // Where each name stands. Names may repeat (two categories called "default"): a row fills the
  // first bar of its (category, series) names not yet filled, category by category, which is the
  // order toTable wrote them in; one cursor per pair of names makes that a lookup, not a scan of
  // every bar per row (quadratic in a hostile file's bars).
  std::unordered_map<std::string, std::vector<std::size_t>> categoryAt;
  std::unordered_map<std::string, std::vector<std::size_t>> seriesAt;
  for (std::size_t c = 0; c < categories; ++c) categoryAt[bars.categories[c]].push_back(c);
  for (std::size_t s = 0; s < bars.series.size(); ++s) seriesAt[bars.series[s].name].push_back(s);
  std::map<std::pair<const void*, const void*>, std::size_t> nextBar;
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const RowCells row(view, table, r);
    const std::string& category = row.text(kBarCategory);
    const std::string& name = row.text(kBarSeries);
    const auto atCategory = categoryAt.find(category);
    if (atCategory == categoryAt.end()) row.failAt(kBarCategory, "'" + category + "' is not one of the view's categories");
    const auto atSeries = seriesAt.find(name);
    if (atSeries == seriesAt.end()) row.failAt(kBarSeries, "'" + name + "' is not one of the view's bar series");
    const std::vector<std::size_t>& cs = atCategory->second;
    const std::vector<std::size_t>& ss = atSeries->second;
    std::size_t& next = nextBar[{&cs, &ss}];
    if (next >= cs.size() * ss.size())
      row.failAt(kBarSeries, "repeats the bar of series '" + name + "' in category '" + category + "'");
    const std::size_t c = cs[next / ss.size()];
    const std::size_t s = ss[next % ss.size()];
    ++next;
    filled[s][c] = true;
    bars.series[s].values[c] = {row.number(kBarValue), row.number(kBarLow), row.number(kBarHigh)};
  }
  for (std::size_t s = 0; s < bars.series.size(); ++s)
    for (std::size_t c = 0; c < categories; ++c)
      if (!filled[s][c])
        fail(view, "no row for the bar of series '" + bars.series[s].name + "' in category '" +
                       bars.categories[c] + "'");
}

// ---- listing -----------------------------------------------------------------------------

void listingToTable(const View& view, ViewTable& table) {
  const Listing& listing = view.listing;
  for (std::size_t i = 0; i < listing.lines.size(); ++i) {
    const ListingLine& line = listing.lines[i];
    const bool known = line.state >= 0 && static_cast<std::size_t>(line.state) < listing.states.size();
    table.rows.push_back({static_cast<double>(i + 1), known ? listing.states[line.state].id : std::string(), line.text});
  }
}

void listingFromTable(View& view, const ViewTable& table) {
  Listing& listing = view.listing;
  if (table.rows.size() > kMaxListingLines)
    fail(view, std::to_string(table.rows.size()) + " lines, more than the " + std::to_string(kMaxListingLines) +
                   " a listing may have");
  std::unordered_map<std::string, int> stateAt;
  for (std::size_t s = 0; s < listing.states.size(); ++s) stateAt.emplace(listing.states[s].id, static_cast<int>(s));
  listing.lines.clear();
  listing.lines.reserve(table.rows.size());
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const RowCells row(view, table, r);
    // Lines are numbered from 1 in order: a file with a line left out or moved says so here.
    if (row.number(kLsLine) != static_cast<double>(r + 1))
      row.failAt(kLsLine, numberText(row.number(kLsLine)) + " where line " + std::to_string(r + 1) + " belongs");
    const std::string& stateId = row.text(kLsState);
    int state = -1;
    if (!stateId.empty()) {
      const auto at = stateAt.find(stateId);
      if (at == stateAt.end()) row.failAt(kLsState, "'" + stateId + "' is not one of the view's line classes");
      state = at->second;
    }
    listing.lines.push_back({row.text(kLsText), state});
  }
}

}  // namespace

const std::vector<std::string>& tableColumns(ViewKind kind) {
  static const std::vector<std::string> xy{"view", "series", "series_key", "x", "y", "y_min", "y_max"};
  static const std::vector<std::string> timeline{"row",  "row_label", "group",        "start",
                                                 "end",  "kind",      "sub_row_mask", "payload"};
  static const std::vector<std::string> grid{"frame",     "time",   "frame_label",  "row",  "row_label",
                                             "column",    "column_label", "state", "text"};
  static const std::vector<std::string> bars{"category", "series", "value", "low", "high"};
  static const std::vector<std::string> listing{"line", "state", "text"};
  switch (kind) {
    case ViewKind::Xy: return xy;
    case ViewKind::Timeline: return timeline;
    case ViewKind::Grid: return grid;
    case ViewKind::Bars: return bars;
    case ViewKind::Listing: return listing;
  }
  return xy;
}

const std::vector<std::string>& gridChangeColumns() {
  static const std::vector<std::string> columns{"time", "first_cell", "count", "state"};
  return columns;
}

bool usesChangeForm(const View& view) {
  if (view.kind != ViewKind::Grid) return false;
  const Grid& grid = view.grid;
  if (!grid.changes.empty()) return true;
  // A still grid (one frame, no cell text; a page map whose trace recorded no change) is its
  // initial frame alone: as runs it is a few rows where the cell form has one per cell (65536
  // for a 256 MiB page map, 3 MB of JSON that took 0.1 s to read back).
  if (grid.frames.size() != 1) return false;
  for (const std::string& text : grid.frames.front().text)
    if (!text.empty()) return false;
  return true;
}

ViewTable toTable(const View& view) {
  ViewTable table{usesChangeForm(view) ? gridChangeColumns() : tableColumns(view.kind), {}};
  switch (view.kind) {
    case ViewKind::Xy: xyToTable(view, table); break;
    case ViewKind::Timeline: timelineToTable(view, table); break;
    case ViewKind::Grid: usesChangeForm(view) ? gridChangesToTable(view, table) : gridToTable(view, table); break;
    case ViewKind::Bars: barsToTable(view, table); break;
    case ViewKind::Listing: listingToTable(view, table); break;
  }
  return table;
}

void fromTable(View& view, const ViewTable& table) {
  checkShape(view, table);
  switch (view.kind) {
    case ViewKind::Xy: xyFromTable(view, table); break;
    case ViewKind::Timeline: timelineFromTable(view, table); break;
    case ViewKind::Grid:
      if (isChangeTable(view, table)) {
        gridChangesFromTable(view, table);
      } else {
        view.grid.changes.clear();
        gridFromTable(view, table);
      }
      break;
    case ViewKind::Bars: barsFromTable(view, table); break;
    case ViewKind::Listing: listingFromTable(view, table); break;
  }
}

}  // namespace warpscope
