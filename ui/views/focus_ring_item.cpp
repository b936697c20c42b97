#include "focus_ring_item.h"

#include <QChart>
#include <QGraphicsEllipseItem>

namespace warpscope::ui {

namespace {
/// Over every series item (Qt Charts' ChartPresenter::SeriesZValue is 4) and under the legend
/// (5), as the scatter series added after the lines was, also over lines added after the ring.
constexpr qreal kRingZ = 4.5;
}  // namespace

FocusRingItem::FocusRingItem(QChart* chart, QAbstractSeries* series, qreal size, const QPen& pen, const QBrush& brush)
    : QGraphicsItem(chart), chart_(chart), series_(series), size_(size), pen_(pen), brush_(brush) {
  setZValue(kRingZ);
  // Like a scatter series' item: spans the plot, draws nothing itself, clips its markers to it.
  setFlags(QGraphicsItem::ItemHasNoContents | QGraphicsItem::ItemClipsChildrenToShape);
  setAcceptedMouseButtons(Qt::NoButton);
  setAcceptHoverEvents(false);
}

void FocusRingItem::setValues(const QList<QPointF>& values) {
  values_ = values;
  while (rings_.size() > values_.size()) delete rings_.takeLast();
  while (rings_.size() < values_.size()) {
    auto* ring = new QGraphicsEllipseItem(0, 0, size_, size_, this);
    ring->setPen(pen_);
    ring->setBrush(brush_);
    ring->setAcceptedMouseButtons(Qt::NoButton);
    rings_.append(ring);
  }
  remap();
}

void FocusRingItem::remap() {
  const QRectF plot = chart_->plotArea();
  if (plot != plot_) {
    prepareGeometryChange();
    plot_ = plot;
  }
  setPos(plot.topLeft());  // no repaint when it is where it was
  for (qsizetype i = 0; i < rings_.size(); ++i) {
    // Where ScatterChartItem puts a marker: its bounding box (the pen's half width included)
    // centred on the point, in the plot's coordinates.
    const QPointF at = chart_->mapToPosition(values_[i], series_) - plot.topLeft();
    const QRectF box = rings_[i]->boundingRect();
    rings_[i]->setPos(at.x() - box.width() / 2, at.y() - box.height() / 2);
  }
}

}  // namespace warpscope::ui
