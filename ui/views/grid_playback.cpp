#include "grid_playback.h"

#include <algorithm>
#include <array>
#include <tuple>

namespace warpscope::ui {

namespace {
/// Past this many dirty runs a full redraw is cheaper than walking them.
constexpr std::size_t kMaxDirtyRuns = 1 << 16;
}  // namespace

std::uint8_t GridPlayback::clampState(int state) {
  return state >= 0 && state < kUnknownState ? static_cast<std::uint8_t>(state) : kUnknownState;
}

void GridPlayback::reset(const std::vector<int>& initialCells, std::vector<GridChange> changes) {
  cells_.resize(initialCells.size());
  for (std::size_t i = 0; i < initialCells.size(); ++i) cells_[i] = clampState(initialCells[i]);
  changes_ = std::move(changes);
  // Keep only what lies inside the grid (a malformed change must not write past the cells).
  const int n = static_cast<int>(cells_.size());
  for (GridChange& c : changes_) {
    c.firstCell = std::clamp(c.firstCell, 0, n);
    c.count = std::clamp(c.count, 0, n - c.firstCell);
  }
  checkpoints_.clear();
  checkpoints_.push_back(cells_);
  std::vector<std::uint8_t> initial = cells_;
  for (std::size_t k = kCheckpointEvery; k <= changes_.size(); k += kCheckpointEvery) {
    applied_ = k - kCheckpointEvery;
    apply(applied_, k);
    checkpoints_.push_back(cells_);
  }
  cells_ = std::move(initial);
  applied_ = 0;
  markAllDirty();
}

void GridPlayback::apply(std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    const GridChange& c = changes_[i];
    if (c.count <= 0) continue;
    std::fill_n(cells_.begin() + c.firstCell, c.count, clampState(c.state));
    if (!allDirty_) {
      if (dirty_.size() >= kMaxDirtyRuns) markAllDirty();
      else dirty_.emplace_back(c.firstCell, c.count);
    }
  }
  applied_ = to;
}

bool GridPlayback::seek(double time) {
  const auto end = std::upper_bound(changes_.begin(), changes_.end(), time,
                                    [](double t, const GridChange& c) { return t < c.time; });
  const auto target = static_cast<std::size_t>(end - changes_.begin());
  if (target == applied_) return false;
  const std::size_t checkpoint = target / kCheckpointEvery;
  const bool forwardIsShort = target > applied_ && target - applied_ <= kCheckpointEvery;
  if (!forwardIsShort && (target < applied_ || checkpoint * kCheckpointEvery > applied_)) {
    // Back, or far ahead: from the nearest snapshot at or before the target.
    cells_ = checkpoints_[checkpoint];
    applied_ = checkpoint * kCheckpointEvery;
    markAllDirty();
  }
  apply(applied_, target);
  return true;
}

void GridPlayback::clearDirty() {
  allDirty_ = false;
  dirty_.clear();
}

void GridRaster::reset(int rows, int columns, int columnsPerCell, std::vector<QRgb> palette, QRgb unknown) {
  rows_ = std::max(0, rows);
  columns_ = std::max(0, columns);
  columnsPerCell_ = std::max(1, columnsPerCell);
  if (columns_ % columnsPerCell_ != 0) columnsPerCell_ = 1;  // a level that does not divide: show the pages
  cellColumns_ = columns_ / columnsPerCell_;
  palette_ = std::move(palette);
  unknown_ = unknown;
  image_ = QImage(std::max(1, cellColumns_), std::max(1, rows_), QImage::Format_RGB32);
  image_.fill(unknown_);
  majority_.assign(static_cast<std::size_t>(rows_) * static_cast<std::size_t>(cellColumns_), GridPlayback::kUnknownState);
  mixed_.assign(majority_.size(), 0);
  needsFull_ = true;
  runsStale_ = true;
}

void GridRaster::recount(const GridPlayback& playback, int row, int cellColumn) {
  const std::uint8_t* first = playback.cells().data() + static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) +
                              static_cast<std::size_t>(cellColumn) * static_cast<std::size_t>(columnsPerCell_);
  std::uint8_t best = first[0];
  bool isMixed = false;
  if (columnsPerCell_ > 1) {
    // Count only the declared states (plus one slot for the rest): a handful, not 256.
    const int known = static_cast<int>(std::min<std::size_t>(palette_.size(), GridPlayback::kUnknownState));
    std::array<int, 256> counts;
    std::fill_n(counts.begin(), known + 1, 0);
    for (int i = 0; i < columnsPerCell_; ++i) ++counts[static_cast<std::size_t>(std::min<int>(first[i], known))];
    int bestCount = 0;
    for (int s = 0; s <= known; ++s)
      if (counts[static_cast<std::size_t>(s)] > bestCount) {
        bestCount = counts[static_cast<std::size_t>(s)];
        best = static_cast<std::uint8_t>(s == known ? GridPlayback::kUnknownState : s);
      }
    isMixed = bestCount < columnsPerCell_;
  }
  const std::size_t i = static_cast<std::size_t>(row) * static_cast<std::size_t>(cellColumns_) + static_cast<std::size_t>(cellColumn);
  if (mixed_[i] != static_cast<std::uint8_t>(isMixed)) runsStale_ = true;
  majority_[i] = best;
  mixed_[i] = isMixed ? 1 : 0;
  const QRgb color = best < palette_.size() ? palette_[best] : unknown_;
  reinterpret_cast<QRgb*>(image_.scanLine(row))[cellColumn] = color;
}

void GridRaster::update(const GridPlayback& playback) {
  if (playback.cellCount() != static_cast<std::size_t>(rows_) * static_cast<std::size_t>(columns_) || rows_ == 0 ||
      cellColumns_ == 0)
    return;
  if (needsFull_ || playback.allDirty()) {
    if (columnsPerCell_ == 1) {
      // One cell per pixel: a straight colour lookup, row by row (a scrub redraws everything).
      const std::uint8_t* cells = playback.cells().data();
      for (int r = 0; r < rows_; ++r) {
        auto* line = reinterpret_cast<QRgb*>(image_.scanLine(r));
        const std::uint8_t* row = cells + static_cast<std::size_t>(r) * static_cast<std::size_t>(columns_);
        for (int c = 0; c < columns_; ++c) line[c] = row[c] < palette_.size() ? palette_[row[c]] : unknown_;
      }
      majority_.assign(playback.cells().begin(), playback.cells().end());
      std::fill(mixed_.begin(), mixed_.end(), std::uint8_t{0});
    } else {
      for (int r = 0; r < rows_; ++r)
        for (int c = 0; c < cellColumns_; ++c) recount(playback, r, c);
    }
    needsFull_ = false;
    runsStale_ = true;
    return;
  }
  for (const auto& [first, count] : playback.dirtyRuns()) {
    // The coarse cells the run touches, row by row.
    const int last = first + count - 1;
    for (int cell = first; cell <= last;) {
      const int row = cell / columns_;
      const int rowEnd = std::min(last, (row + 1) * columns_ - 1);
      const int c0 = (cell % columns_) / columnsPerCell_;
      const int c1 = (rowEnd % columns_) / columnsPerCell_;
      for (int c = c0; c <= c1; ++c) recount(playback, row, c);
      cell = rowEnd + 1;
    }
  }
}

int GridRaster::majority(int row, int column) const {
  if (row < 0 || column < 0 || row >= rows_ || column >= cellColumns_) return -1;
  const std::uint8_t s = majority_[static_cast<std::size_t>(row) * static_cast<std::size_t>(cellColumns_) + static_cast<std::size_t>(column)];
  return s == GridPlayback::kUnknownState ? -1 : s;
}

bool GridRaster::mixed(int row, int column) const {
  if (row < 0 || column < 0 || row >= rows_ || column >= cellColumns_) return false;
  return mixed_[static_cast<std::size_t>(row) * static_cast<std::size_t>(cellColumns_) + static_cast<std::size_t>(column)] != 0;
}

const std::vector<std::tuple<int, int, int>>& GridRaster::mixedRuns() const {
  if (!runsStale_) return mixedRuns_;
  mixedRuns_.clear();
  for (int r = 0; r < rows_; ++r) {
    const std::uint8_t* m = mixed_.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(cellColumns_);
    for (int c = 0; c < cellColumns_;) {
      if (!m[c]) {
        ++c;
        continue;
      }
      int e = c + 1;
      while (e < cellColumns_ && m[e]) ++e;
      mixedRuns_.emplace_back(r, c, e - c);
      c = e;
    }
  }
  runsStale_ = false;
  return mixedRuns_;
}

std::vector<int> GridRaster::stateCounts(const GridPlayback& playback, int row, int column) const {
  std::vector<int> counts(palette_.size() + 1, 0);  // the last: unknown
  if (row < 0 || column < 0 || row >= rows_ || column >= cellColumns_ ||
      playback.cellCount() != static_cast<std::size_t>(rows_) * static_cast<std::size_t>(columns_))
    return counts;
  const std::size_t first = static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) +
                            static_cast<std::size_t>(column) * static_cast<std::size_t>(columnsPerCell_);
  for (int i = 0; i < columnsPerCell_; ++i) {
    const std::uint8_t s = playback.cells()[first + static_cast<std::size_t>(i)];
    ++counts[s < palette_.size() ? s : palette_.size()];
  }
  return counts;
}

}  // namespace warpscope::ui
