#pragma once
/// \file grid_figure.h
/// Paints a grid view with QPainter: cells coloured by their state in the current frame (one
/// fill per state), optional text in each cell sized to stay readable on a projector, row and
/// column labels with their axis titles, the current frame's label, the legend of states, and
/// the title with the provenance banner. Shared by the window and the figure export.
///
/// Large grids (the unified-memory page map: a row per 2 MiB chunk, a column per 4 KiB page,
/// animated by Grid::changes) are drawn through a GridRaster: one pixel per cell, updated only
/// where cells changed, scaled into the plot area; a GridLevel shows coarser cells (the state
/// most of their columns are in, hatched when they differ). Small grids with frames and text
/// (divergence's SIMT table) are drawn cell by cell as before.

#include <QRectF>
#include <QString>

#include <vector>

#include "figure_chrome.h"
#include "grid_playback.h"
#include "warpscope/result.h"

namespace warpscope::ui {

class GridFigure {
 public:
  void setView(const View& view, const QString& banner, Provenance provenance);
  void clear(const QString& message);

  /// Shows the last frame whose time is at or before `time` (the first frame before it), plus
  /// every change up to `time`. Returns true when the picture changed.
  bool setCursorTime(double time);
  [[nodiscard]] double cursorTime() const { return cursor_; }
  [[nodiscard]] int frameIndex() const { return frame_; }
  [[nodiscard]] const Grid& grid() const { return grid_; }
  [[nodiscard]] const std::string& viewId() const { return viewId_; }

  /// True when the grid is drawn as a raster (changes, levels, or more cells than text can use).
  [[nodiscard]] bool usesRaster() const { return raster_; }
  /// The level shown: 0 is the grid itself (one cell per column), i > 0 is grid().levels[i - 1].
  [[nodiscard]] int level() const { return level_; }
  void setLevel(int level);
  [[nodiscard]] int levelCount() const { return 1 + static_cast<int>(grid_.levels.size()); }
  /// "4 KiB pages" (from the column axis) for level 0, else the level's name.
  [[nodiscard]] QString levelName(int level) const;
  /// Columns drawn as one cell at the current level.
  [[nodiscard]] int columnsPerCell() const;
  /// Cells across at the current level.
  [[nodiscard]] int cellColumns() const;
  /// The state of (row, cell column) at the current level and cursor; -1 when unknown.
  [[nodiscard]] int cellState(int row, int cellColumn) const;
  [[nodiscard]] bool cellMixed(int row, int cellColumn) const;
  [[nodiscard]] const GridPlayback& playback() const { return playback_; }
  [[nodiscard]] const QImage& rasterImage() const { return rasterImage_.image(); }
  /// The fill of state `s`: the page-map palette for the page states' ids (CPU blue, GPU 0
  /// green, GPU 1 teal, duplicated purple, remote-mapped orange, pinned red, evicting yellow,
  /// unpopulated light grey), else the figure palette.
  [[nodiscard]] QColor stateColor(int s) const;

  void paint(QPainter& painter, const QRectF& area) const;
  /// Where the cells go in a figure laid out in `area` (for hit tests and tests).
  [[nodiscard]] QRectF cellArea(const QRectF& area) const;
  /// The cell (row, column) under `pos`, or false. At a coarser level, column is the cell column.
  bool cellAt(QPointF pos, const QRectF& area, int* row, int* column) const;
  /// "row label · column label: state (text)" of a cell in the current frame.
  [[nodiscard]] QString describeCell(int row, int column) const;
  [[nodiscard]] QString titleText() const;
  [[nodiscard]] std::vector<LegendEntry> legendEntries() const;
  /// "cycle 3 (frame 4 of 12)": the label above the cells.
  [[nodiscard]] QString frameText() const;

 private:
  struct Layout {
    QRectF title, legend, frameLabel, columnLabels, rowLabels, cells;
    qreal cellW = 0, cellH = 0;
    bool compact = false;  ///< Title and banner on one line: the figure is short (1280x720, presenting).
  };
  [[nodiscard]] Layout layout(const QRectF& area) const;
  [[nodiscard]] Layout layout(const QRectF& area, bool compact) const;
  /// The row axis title, rotated, with the painter already at its centre.
  void paintRowAxisTitle(QPainter& painter, const Layout& l, const QRectF& area) const;
  void paintRaster(QPainter& painter, const Layout& l, const QRectF& area) const;
  void rebuildRaster();
  /// Brings the raster up to the playback (lazy: only when painted or asked about).
  void syncRaster() const;
  [[nodiscard]] double endTime() const;

  Grid grid_;
  std::vector<bool> stateUsed_;  ///< Per state: shown by any frame or change (the legend's entries).
  std::string viewId_;
  QString title_;
  QString banner_;
  QString message_;
  Provenance provenance_ = Provenance::Simulated;
  double cursor_ = 0;
  int frame_ = 0;
  bool raster_ = false;
  int level_ = 0;
  int rasterFrame_ = -1;  ///< The frame the playback was reset from.
  std::vector<QColor> colors_;
  qreal rowLabelWidth_ = 0;
  qreal columnLabelWidth_ = 0;
  mutable GridPlayback playback_;
  mutable GridRaster rasterImage_;
};

}  // namespace warpscope::ui
