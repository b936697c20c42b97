#include "spread_band_item.h"

#include <QAbstractSeries>
#include <QChart>
#include <QPainter>
#include <QPolygonF>

#include <utility>

namespace warpscope::ui {

namespace {
/// Qt Charts stacks its items by z: grid 2, axes 3, series 4 (ChartPresenter). The band lies
/// over the grid and under every line.
constexpr qreal kBandZ = 3.5;
}  // namespace

SpreadBandItem::SpreadBandItem(QChart* chart, QAbstractSeries* series, const QColor& fill)
    : QGraphicsItem(chart), chart_(chart), series_(series), fill_(fill) {
  setZValue(kBandZ);
  setAcceptedMouseButtons(Qt::NoButton);
  setAcceptHoverEvents(false);
}

void SpreadBandItem::setEdges(QList<QPointF> upper, QList<QPointF> lower) {
  upper_ = std::move(upper);
  lower_ = std::move(lower);
}

void SpreadBandItem::remap() {
  QPainterPath path;
  const qsizetype n = std::min(upper_.size(), lower_.size());
  if (n >= 2) {
    QPolygonF polygon;
    polygon.reserve(2 * n);
    for (qsizetype i = 0; i < n; ++i) polygon.append(chart_->mapToPosition(upper_[i], series_));
    for (qsizetype i = n - 1; i >= 0; --i) polygon.append(chart_->mapToPosition(lower_[i], series_));
    path.addPolygon(polygon);
    path.closeSubpath();
  }
  // Called after every update of the chart: a band whose edges and plot did not move is not
  // drawn again (nor the plot under it).
  if (path == path_ && chart_->plotArea() == plot_) return;
  prepareGeometryChange();
  path_ = std::move(path);
  plot_ = chart_->plotArea();
  update();
}

QRectF SpreadBandItem::boundingRect() const { return path_.boundingRect().intersected(plot_); }

void SpreadBandItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
  if (path_.isEmpty()) return;
  painter->save();
  painter->setRenderHint(QPainter::Antialiasing, false);  // see the header: the reason for this item
  painter->setClipRect(plot_);
  painter->setPen(Qt::NoPen);
  painter->setBrush(fill_);
  painter->drawPath(path_);
  painter->restore();
}

}  // namespace warpscope::ui
