#pragma once
/// \file spread_band_item.h
/// The spread of one xy series (fastest to slowest repetition) as a shaded band under its line.
/// Warpscope draws it itself instead of using a QAreaSeries: Qt Charts fills an area as one
/// antialiased polygon, and a band that zig-zags over the plot's height (bank-conflicts'
/// throughput: odd strides at the ceiling, even ones far below) took the raster engine 60-90 ms a
/// repaint, most of a slider step (reproduced offscreen; 11 ms with antialiasing off). A
/// translucent fill needs no antialiasing: this item fills the same polygon without it.

#include <QColor>
#include <QGraphicsItem>
#include <QList>
#include <QPainterPath>
#include <QPointF>

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QChart;
QT_END_NAMESPACE

namespace warpscope::ui {

class SpreadBandItem : public QGraphicsItem {
 public:
  /// A band in `chart` (its parent item), mapped through `series`' axes.
  SpreadBandItem(QChart* chart, QAbstractSeries* series, const QColor& fill);

  /// The band's edges in data coordinates, point for point (upper[i] and lower[i] share an x);
  /// drawn after the next remap() (ViewChart maps every band once, after the axes are set).
  void setEdges(QList<QPointF> upper, QList<QPointF> lower);
  /// Maps the edges onto the plot again: after the axes' ranges or the plot area change.
  void remap();

  [[nodiscard]] QRectF boundingRect() const override;
  void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
  /// The polygon as drawn, in the chart's coordinates (what tests check).
  [[nodiscard]] const QPainterPath& path() const { return path_; }

 private:
  QChart* chart_;
  QAbstractSeries* series_;
  QColor fill_;
  QList<QPointF> upper_;
  QList<QPointF> lower_;
  QPainterPath path_;
  QRectF plot_;
};

}  // namespace warpscope::ui
