#include "chart_change_area.h"

#include <QChart>
#include <QGraphicsItem>
#include <QLegend>

#include <algorithm>

namespace warpscope::ui {

namespace {
/// Beyond a changed vertex's bounding box: half the widest line pen (high contrast) and a marker's
/// radius, with antialiasing's pixel and a margin.
constexpr qreal kPadding = 10.0;
/// Past this many changed values a full repaint is as cheap.
constexpr qsizetype kMaxValues = 4096;
}  // namespace

ChartChangeArea::ChartChangeArea(QChart* chart, const QAbstractSeries* mapper, const QGraphicsItem* ring, bool logX,
                                 bool logY)
    : chart_(chart), mapper_(mapper), ring_(ring), logX_(logX), logY_(logY) {
  if (mapper_ == nullptr) whole_ = QStringLiteral("a new chart");
  else before_ = frame();
  ringBefore_ = ringArea();
}

bool ChartChangeArea::mappable(const Point& p) const {
  return !(logX_ && !(p.x > 0)) && !(logY_ && !(p.y > 0 && p.yMin > 0 && p.yMax > 0));
}

void ChartChangeArea::compare(const std::vector<Point>& before, const std::vector<Point>& after) {
  if (!whole_.isEmpty()) return;
  const auto same = [](const Point& a, const Point& b) {
    return a.x == b.x && a.y == b.y && a.yMin == b.yMin && a.yMax == b.yMax;
  };
  // What differs lies between the common beginning and the common end: one point measured
  // again, or one a focus run inserted (latency-memory's, bank-conflicts' strides past the
  // sweep's), or removed. The line and the band changed only from the point before that run of
  // points to the one after it, in the old list and in the new.
  const std::size_t shorter = std::min(before.size(), after.size());
  std::size_t head = 0;
  while (head < shorter && same(before[head], after[head])) ++head;
  if (head == before.size() && head == after.size()) return;  // nothing changed
  std::size_t tail = 0;
  while (tail < shorter - head && same(before[before.size() - 1 - tail], after[after.size() - 1 - tail])) ++tail;
  for (const std::vector<Point>* points : {&before, &after}) {
    if (points->empty()) continue;
    const std::size_t from = head > 0 ? head - 1 : 0;
    const std::size_t to = std::min(points->size() - 1, points->size() - tail);  // the first unchanged point after
    for (std::size_t k = from; k <= to; ++k) {
      const Point& p = (*points)[k];
      // A log axis leaves points out, and the line then joins other neighbours: not told here.
      if (!mappable(p)) {
        whole_ = QStringLiteral("a log axis leaves a point out");
        return;
      }
      values_ << QPointF(p.x, p.y) << QPointF(p.x, p.yMin) << QPointF(p.x, p.yMax);
    }
  }
  if (values_.size() > kMaxValues) whole_ = QStringLiteral("most points changed");
}

ChartChangeArea::Frame ChartChangeArea::frame() const {
  const QRectF plot = chart_->plotArea();
  auto* series = const_cast<QAbstractSeries*>(mapper_);  // mapToValue is not const
  return {plot, chart_->mapToValue(plot.topLeft(), series), chart_->mapToValue(plot.bottomRight(), series),
          chart_->title(), chart_->legend()->geometry()};
}

QRectF ChartChangeArea::ringArea() const {
  if (!ring_) return {};
  return ring_->mapRectToScene(ring_->childrenBoundingRect());
}

std::optional<QList<QRectF>> ChartChangeArea::area(QString* why) const {
  QString whole = whole_;
  if (whole.isEmpty()) {
    const Frame now = frame();
    if (now.plot != before_.plot) whole = QStringLiteral("the plot moved");
    else if (now.topLeftValue != before_.topLeftValue || now.bottomRightValue != before_.bottomRightValue) whole = QStringLiteral("an axis range changed");
    else if (now.title != before_.title) whole = QStringLiteral("the title changed");
    else if (now.legend != before_.legend) whole = QStringLiteral("the legend moved");
  }
  if (why) *why = whole;
  if (!whole.isEmpty()) return std::nullopt;
  QList<QRectF> area;
  if (!values_.isEmpty()) {
    auto* series = const_cast<QAbstractSeries*>(mapper_);
    const QPointF first = chart_->mapToPosition(values_.front(), series);
    qreal left = first.x(), right = first.x(), top = first.y(), bottom = first.y();
    for (const QPointF& value : values_) {
      const QPointF at = chart_->mapToPosition(value, series);
      left = std::min(left, at.x());
      right = std::max(right, at.x());
      top = std::min(top, at.y());
      bottom = std::max(bottom, at.y());
    }
    // Positions are in the chart's coordinates; the chart may sit anywhere in its scene.
    area << chart_->mapRectToScene(QRectF(left, top, right - left, bottom - top).adjusted(-kPadding, -kPadding, kPadding, kPadding));
  }
  const auto add = [&area](const QRectF& part) {
    if (!part.isEmpty()) area << part;
  };
  if (ringChanged_) {
    add(ringBefore_);
    add(ringArea());
  }
  // The legend stands where it stood (the frame says so): only its entries are painted again.
  if (legendChanged_) add(chart_->mapRectToScene(chart_->legend()->geometry()));
  return area;
}

}  // namespace warpscope::ui
