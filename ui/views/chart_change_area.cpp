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
/// Past this many changed values a full repaint is as cheap: stop collecting.
constexpr qsizetype kMaxValues = 4096;
}  // namespace

ChartChangeArea::ChartChangeArea(QChart* chart, const QAbstractSeries* mapper, const QGraphicsItem* ring, bool logX,
                                 bool logY)
    : chart_(chart), mapper_(mapper), ring_(ring), logX_(logX), logY_(logY) {
  everything_ = mapper_ == nullptr;
  if (!everything_) before_ = frame();
  ringBefore_ = ringArea();
}

bool ChartChangeArea::mappable(const Point& p) const {
  return !(logX_ && !(p.x > 0)) && !(logY_ && !(p.y > 0 && p.yMin > 0 && p.yMax > 0));
}

void ChartChangeArea::compare(const std::vector<Point>& before, const std::vector<Point>& after) {
  if (everything_) return;
  if (before.size() != after.size()) {
    everything_ = true;
    return;
  }
  const auto same = [](const Point& a, const Point& b) {
    return a.x == b.x && a.y == b.y && a.yMin == b.yMin && a.yMax == b.yMax;
  };
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (same(before[i], after[i])) continue;
    // A log axis leaves points out, and the line then joins other neighbours: not told here.
    const std::size_t from = i > 0 ? i - 1 : 0;
    const std::size_t to = std::min(after.size() - 1, i + 1);
    for (std::size_t k = from; k <= to; ++k)
      for (const std::vector<Point>* points : {&before, &after}) {
        const Point& p = (*points)[k];
        if (!mappable(p)) {
          everything_ = true;
          return;
        }
        values_ << QPointF(p.x, p.y) << QPointF(p.x, p.yMin) << QPointF(p.x, p.yMax);
      }
    if (values_.size() > kMaxValues) {
      everything_ = true;
      return;
    }
  }
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

std::optional<QList<QRectF>> ChartChangeArea::area() const {
  if (everything_ || frame() != before_) return std::nullopt;
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
