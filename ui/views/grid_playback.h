#pragma once
/// \file grid_playback.h
/// The large-grid half of the grid renderer (the unified-memory page map: 512 x 512 pages).
///
/// GridPlayback: the cell states at a cursor time = the initial frame + every change at or
/// before it (Grid::changes). Snapshots every kCheckpointEvery changes make any jump (a scrub
/// backward, Home) cost one copy plus at most that many changes; playing forward applies only
/// the changes since the last position. It records which cells changed, so a raster redraws
/// only those.
///
/// GridRaster: one pixel per (coarse) cell in a QImage, painted scaled into the plot area. At a
/// coarser level (GridLevel: columnsPerCell columns as one cell) a cell shows the state most of
/// its columns are in and is marked mixed when they differ; only cells whose columns changed
/// are recounted.

#include <QImage>
#include <QRgb>

#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "warpscope/result.h"

namespace warpscope::ui {

class GridPlayback {
 public:
  static constexpr std::size_t kCheckpointEvery = 4096;
  /// State index stored for cells whose state is outside 0..254 (drawn as "unknown").
  static constexpr std::uint8_t kUnknownState = 255;

  /// Starts over from `initialCells` (row-major state indices) and `changes` (sorted by time),
  /// at the initial state; builds the checkpoints.
  void reset(const std::vector<int>& initialCells, std::vector<GridChange> changes);
  /// The state after every change whose time is at or before `time`. Returns true when any
  /// cell may have changed.
  bool seek(double time);

  [[nodiscard]] const std::vector<std::uint8_t>& cells() const { return cells_; }
  [[nodiscard]] std::size_t cellCount() const { return cells_.size(); }
  /// Changes applied so far (those at or before the last seek's time).
  [[nodiscard]] std::size_t appliedCount() const { return applied_; }
  [[nodiscard]] const std::vector<GridChange>& changes() const { return changes_; }
  [[nodiscard]] std::size_t checkpointCount() const { return checkpoints_.size(); }

  /// Cells touched since clearDirty(): runs of (first, count), or everything.
  [[nodiscard]] bool allDirty() const { return allDirty_; }
  [[nodiscard]] const std::vector<std::pair<int, int>>& dirtyRuns() const { return dirty_; }
  void clearDirty();
  void markAllDirty() { allDirty_ = true; dirty_.clear(); }

 private:
  void apply(std::size_t from, std::size_t to);
  static std::uint8_t clampState(int state);

  std::vector<std::uint8_t> cells_;
  std::vector<GridChange> changes_;
  std::vector<std::vector<std::uint8_t>> checkpoints_;  ///< [k]: after k * kCheckpointEvery changes.
  std::size_t applied_ = 0;
  bool allDirty_ = true;
  std::vector<std::pair<int, int>> dirty_;
};

class GridRaster {
 public:
  /// A raster of `rows` x (`columns` / `columnsPerCell`) cells in `palette` (one colour per state,
  /// `unknown` for the rest). Everything is redrawn on the next update().
  void reset(int rows, int columns, int columnsPerCell, std::vector<QRgb> palette, QRgb unknown);
  /// Brings the image up to the playback's cells: only the dirty ones unless everything is.
  void update(const GridPlayback& playback);

  [[nodiscard]] const QImage& image() const { return image_; }
  [[nodiscard]] int rows() const { return rows_; }
  [[nodiscard]] int cellColumns() const { return cellColumns_; }
  [[nodiscard]] int columnsPerCell() const { return columnsPerCell_; }
  /// The state most columns of coarse cell (row, column) are in (ties: the lower state index).
  [[nodiscard]] int majority(int row, int column) const;
  [[nodiscard]] bool mixed(int row, int column) const;
  /// Runs of mixed cells per row, (row, first column, count): what the hatch overlay covers.
  [[nodiscard]] const std::vector<std::tuple<int, int, int>>& mixedRuns() const;
  /// How many of coarse cell (row, column)'s columns are in each state (for the tooltip).
  [[nodiscard]] std::vector<int> stateCounts(const GridPlayback& playback, int row, int column) const;

 private:
  void recount(const GridPlayback& playback, int row, int cellColumn);

  int rows_ = 0, columns_ = 0, columnsPerCell_ = 1, cellColumns_ = 0;
  std::vector<QRgb> palette_;
  QRgb unknown_ = 0;
  QImage image_;
  std::vector<std::uint8_t> majority_;
  std::vector<std::uint8_t> mixed_;
  bool needsFull_ = true;
  mutable bool runsStale_ = true;
  mutable std::vector<std::tuple<int, int, int>> mixedRuns_;
};

}  // namespace warpscope::ui
