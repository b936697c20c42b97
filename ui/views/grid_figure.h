#pragma once
/// \file grid_figure.h
/// Paints a grid view with QPainter: cells coloured by their state in the current frame (one
/// fill per state), optional text in each cell sized to stay readable on a projector, row and
/// column labels with their axis titles, the current frame's label, the legend of states, and
/// the title with the provenance banner. Shared by the window and the figure export.

#include <QRectF>
#include <QString>

#include <vector>

#include "figure_chrome.h"
#include "warpscope/result.h"

namespace warpscope::ui {

class GridFigure {
 public:
  void setView(const View& view, const QString& banner, Provenance provenance);
  void clear(const QString& message);

  /// Shows the last frame whose time is at or before `time` (the first frame before it).
  void setCursorTime(double time);
  [[nodiscard]] double cursorTime() const { return cursor_; }
  [[nodiscard]] int frameIndex() const { return frame_; }
  [[nodiscard]] const Grid& grid() const { return grid_; }
  [[nodiscard]] const std::string& viewId() const { return viewId_; }

  void paint(QPainter& painter, const QRectF& area) const;
  /// Where the cells go in a figure laid out in `area` (for hit tests and tests).
  [[nodiscard]] QRectF cellArea(const QRectF& area) const;
  /// The cell (row, column) under `pos`, or false.
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
  };
  [[nodiscard]] Layout layout(const QRectF& area) const;

  Grid grid_;
  std::string viewId_;
  QString title_;
  QString banner_;
  QString message_;
  Provenance provenance_ = Provenance::Simulated;
  double cursor_ = 0;
  int frame_ = 0;
};

}  // namespace warpscope::ui
