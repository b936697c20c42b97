#pragma once
/// \file bars_figure.h
/// Paints a bars view with QPainter: one group of bars per category, one colour per series,
/// a whisker from low to high on each bar (the spread of repetitions), the value above it,
/// a value axis from zero (a cropped axis exaggerates), the legend and the title with the
/// provenance banner. The same painting serves the window and every figure export.

#include <QRectF>
#include <QString>

#include <vector>

#include "figure_chrome.h"
#include "warpscope/result.h"

namespace warpscope::ui {

class BarsFigure {
 public:
  void setView(const View& view, const QString& banner, Provenance provenance);
  void clear(const QString& message);
  void paint(QPainter& painter, const QRectF& area) const;

  /// The bar under `pos` as (series, category), or false.
  bool barAt(QPointF pos, const QRectF& area, int* series, int* category) const;
  [[nodiscard]] QString describeBar(int series, int category) const;
  [[nodiscard]] QString titleText() const;
  [[nodiscard]] std::vector<LegendEntry> legendEntries() const;
  [[nodiscard]] const Bars& bars() const { return bars_; }
  /// Where a bar is drawn in a figure laid out in `area` (empty when there is no such bar).
  [[nodiscard]] QRectF barRect(int series, int category, const QRectF& area) const;

 private:
  struct Layout {
    QRectF title, legend, plot;
    double top = 1;  ///< Value at the top of the axis.
    int categoryLines = 1;  ///< 2 when a category name needs wrapping to fit its group.
    FittedLines valueTitle;  ///< The value axis's title, on as many lines as it takes (up to 4).
    bool compact = false;    ///< Title and banner on one line (a short figure).
  };
  [[nodiscard]] Layout layout(const QRectF& area) const;
  [[nodiscard]] Layout layout(const QRectF& area, bool compact) const;
  /// barRect in a layout already made: paint and hover lay the figure out once, not per bar
  /// (a layout fits the value title, trying sizes and line counts).
  [[nodiscard]] QRectF barRect(int series, int category, const Layout& l) const;

  Bars bars_;
  double extentTop_ = 0;  ///< The axis reaches at least this (View::extentHint).
  QString title_;
  QString banner_;
  QString message_;
  Provenance provenance_ = Provenance::Simulated;
};

}  // namespace warpscope::ui
