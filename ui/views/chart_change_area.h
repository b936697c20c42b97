#pragma once
/// \file chart_change_area.h
/// Where an in-place update changed an xy chart, so the window repaints only that (issue 27).
///
/// On a GPU every focus move measures its point again, so the line through it changes. Qt Charts
/// then asks for its whole line item again, and the view repaints everything under it: the
/// background, the grid, every other line and band (a spread band's fill alone was half the cost).
/// But a polyline whose one vertex moved changed only between that vertex's neighbours, and a band
/// likewise; the focus ring changed where it was and where it is. When those were the only
/// changes (the plot, axis ranges, legend and title as they were), the area is their union, and
/// the view paints just that, which draws the same pixels as painting it all.

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <optional>
#include <vector>

#include "warpscope/result.h"

QT_BEGIN_NAMESPACE
class QAbstractSeries;
class QChart;
class QGraphicsItem;
QT_END_NAMESPACE

namespace warpscope::ui {

class ChartChangeArea {
 public:
  /// `mapper`: a series attached to both axes (maps values to positions); `ring`: the focus ring.
  ChartChangeArea(QChart* chart, const QAbstractSeries* mapper, const QGraphicsItem* ring, bool logX, bool logY);

  /// A series' points before and after an update: from the point before the first that changed
  /// (value, spread, or one inserted or removed) to the point after the last.
  void compare(const std::vector<Point>& before, const std::vector<Point>& after);
  /// The focus ring moved or its readout changed: where it was and where it is.
  void ringChanged() { ringChanged_ = true; }
  /// The legend's entries changed (the focus entry shown or hidden) where the legend stands.
  void legendChanged() { legendChanged_ = true; }
  /// Something else changed (a rebuild, a new series): the area cannot be told. `why` is said
  /// by --measure-slider-latency about the slowest moves.
  void changedEverything(const QString& why) {
    if (whole_.isEmpty()) whole_ = why;
  }

  /// Once the chart is laid out: the scene areas that changed since construction (maybe none),
  /// or nothing when more than points changed (the plot, an axis range, the legend, the title).
  /// Apart, not their bounding box: the ring's old place, its new one and the legend may lie far
  /// apart on the chart.
  /// `why` (optional): when there is no area, what changed beyond points.
  [[nodiscard]] std::optional<QList<QRectF>> area(QString* why = nullptr) const;

 private:
  struct Frame {
    QRectF plot;
    QPointF topLeftValue;
    QPointF bottomRightValue;
    QString title;
    QRectF legend;
    bool operator==(const Frame&) const = default;
  };
  [[nodiscard]] Frame frame() const;
  [[nodiscard]] QRectF ringArea() const;
  [[nodiscard]] bool mappable(const Point& p) const;

  QChart* chart_;
  const QAbstractSeries* mapper_;
  const QGraphicsItem* ring_;
  bool logX_;
  bool logY_;
  Frame before_;
  QRectF ringBefore_;
  /// Values whose positions bound the changed parts of lines and bands.
  QList<QPointF> values_;
  bool ringChanged_ = false;
  bool legendChanged_ = false;
  QString whole_;  ///< Why the whole chart is repainted; empty while an area can be told.
};

}  // namespace warpscope::ui
