#pragma once
/// \file focus_ring_item.h
/// The ring round the focus point of an xy chart, drawn exactly as Qt Charts draws the circle
/// markers of a QScatterSeries (the same ellipse item, pen, brush and offset, clipped to the
/// plot), but as an item of its own.
///
/// Why not the scatter series: its item spans the whole plot and prepares a geometry change on
/// every update, so a moved ring repainted the plot with every line, marker and grid line under
/// it: two thirds of the chart's paint on a focus move (latency-arith on sim:h100, 2.3 of 3.5
/// ms). This item repaints where the ring was and where it is. The scatter series stays, without
/// points, for its legend entry.
///
/// Beside each ring, its readout ("512 → 0.93"): the numbers were the legend's focus entry, but
/// a legend label that changes lays the whole chart out again (axes, title, legend: 45% of the
/// chart's part of a focus move, perf, issue 27). Here a new readout repaints its own box.

#include <QBrush>
#include <QFont>
#include <QGraphicsItem>
#include <QList>
#include <QPen>
#include <QPointF>
#include <QRectF>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QChart;
class QGraphicsEllipseItem;
QT_END_NAMESPACE

namespace warpscope::ui {

class FocusReadoutItem;

class FocusRingItem : public QGraphicsItem {
 public:
  /// Rings of `size` px in `chart` (their parent item), placed through `series`' axes.
  FocusRingItem(QChart* chart, QAbstractSeries* series, qreal size, const QPen& pen, const QBrush& brush);

  /// A ring at each of `values` (data coordinates); none for an empty list. `readouts`: the text
  /// beside each ring (none where missing or empty), in `font`.
  void setValues(const QList<QPointF>& values, const QStringList& readouts = {});
  [[nodiscard]] QStringList readouts() const;
  void setReadoutFont(const QFont& font);
  [[nodiscard]] const QList<QPointF>& values() const { return values_; }
  /// Places the rings again: after the axes' ranges or the plot area changed.
  void remap();

  [[nodiscard]] QRectF boundingRect() const override { return QRectF(QPointF(0, 0), plot_.size()); }
  void paint(QPainter*, const QStyleOptionGraphicsItem*, QWidget*) override {}

 private:
  QChart* chart_;
  QAbstractSeries* series_;
  qreal size_;
  QPen pen_;
  QBrush brush_;
  QList<QPointF> values_;
  QList<QGraphicsEllipseItem*> rings_;
  QList<FocusReadoutItem*> readouts_;
  QRectF plot_;
  QFont readoutFont_;
};

}  // namespace warpscope::ui
