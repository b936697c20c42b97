// View::logX / logY (added for the roofline): the xy chart draws base-10 log axes over whole
// decades, leaves out points a log axis cannot show, and keeps the log2 x axis it picks by itself
// for geometric x values when the lab asks for nothing.
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <gtest/gtest.h>

#include "views/view_chart.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

View rooflineLike(bool logAxes) {
  View v;
  v.id = "roofline";
  v.title = "Roofline";
  v.kind = ViewKind::Xy;
  v.xLabel = "flop/byte";
  v.yLabel = "GFLOP/s";
  v.logX = v.logY = logAxes;
  Series s{"kernel", {}, 0};
  for (double x : {0.25, 1.0, 4.0, 16.0, 64.0, 256.0}) s.points.push_back({x, 1000 * x, 1000 * x, 1000 * x});
  s.points.push_back({512.0, 0.0, 0.0, 0.0});  // not positive: a log y axis cannot show it
  v.series.push_back(s);
  return v;
}

QLineSeries* lineNamed(QChart& chart, const QString& name) {
  for (QAbstractSeries* s : chart.series())
    if (s->name() == name) return qobject_cast<QLineSeries*>(s);
  return nullptr;
}

}  // namespace

TEST(ViewChartLogAxes, LogLogViewGetsDecadeAxesAndDropsNonPositivePoints) {
  QChart chart;
  ViewChart viewChart(&chart);
  viewChart.show(rooflineLike(true), QStringLiteral("Simulated: test"), Provenance::Simulated);
  const auto horizontal = chart.axes(Qt::Horizontal);
  const auto vertical = chart.axes(Qt::Vertical);
  ASSERT_EQ(horizontal.size(), 1);
  ASSERT_EQ(vertical.size(), 1);
  auto* x = qobject_cast<QLogValueAxis*>(horizontal.front());
  auto* y = qobject_cast<QLogValueAxis*>(vertical.front());
  ASSERT_NE(x, nullptr);
  ASSERT_NE(y, nullptr);
  EXPECT_DOUBLE_EQ(x->base(), 10.0);
  EXPECT_DOUBLE_EQ(x->min(), 0.1);
  EXPECT_DOUBLE_EQ(x->max(), 1000.0);
  EXPECT_DOUBLE_EQ(y->min(), 100.0);
  EXPECT_DOUBLE_EQ(y->max(), 1e6);
  QLineSeries* line = lineNamed(chart, QStringLiteral("kernel"));
  ASSERT_NE(line, nullptr);
  EXPECT_EQ(line->count(), 6) << "the point at y = 0 is left out";
}

TEST(ViewChartLogAxes, WithoutTheFlagsTheYAxisStaysLinearFromZero) {
  QChart chart;
  ViewChart viewChart(&chart);
  viewChart.show(rooflineLike(false), QStringLiteral("Simulated: test"), Provenance::Simulated);
  auto* y = qobject_cast<QValueAxis*>(chart.axes(Qt::Vertical).front());
  ASSERT_NE(y, nullptr);
  EXPECT_DOUBLE_EQ(y->min(), 0.0);
  // Geometric x values still get the chart's own log2 axis.
  auto* x = qobject_cast<QLogValueAxis*>(chart.axes(Qt::Horizontal).front());
  ASSERT_NE(x, nullptr);
  EXPECT_DOUBLE_EQ(x->base(), 2.0);
  EXPECT_EQ(lineNamed(chart, QStringLiteral("kernel"))->count(), 7);
}

namespace {

/// Decades 1 ... 10^7 on x, like the atomics lab's distinct addresses.
View decadesOnX() {
  View v;
  v.id = "rate";
  v.title = "Rate vs addresses";
  v.kind = ViewKind::Xy;
  v.xLabel = "Distinct addresses (words)";
  v.yLabel = "atomicAdd calls per second (G/s)";
  v.logX = v.logY = true;
  v.hasFocus = true;
  v.focusSeries = "global, warp-aggregated";
  v.focusX = 131072;
  for (const char* name : {"global", "global, warp-aggregated"}) {
    Series s{name, {}, 0};
    for (double x = 1; x <= 1048576; x *= 2) s.points.push_back({x, 1 + x / 1000, 1 + x / 1000, 1 + x / 1000});
    v.series.push_back(s);
  }
  return v;
}

}  // namespace

TEST(ViewChartLogAxes, UprightTickLabelsDoNotFlipBackAndForthAtAnyWidth) {
  // Upright labels leave the plot wider than flat ones: with one threshold, a plot between the
  // two widths flipped the labels (and laid the chart out again) on every pass of the event loop.
  QChartView view(new QChart);
  ViewChart viewChart(view.chart());
  viewChart.show(decadesOnX(), QStringLiteral("Simulated: test"), Provenance::Simulated);
  view.show();
  auto* x = qobject_cast<QLogValueAxis*>(view.chart()->axes(Qt::Horizontal).front());
  ASSERT_NE(x, nullptr);
  const auto settle = [&] {
    for (int pass = 0; pass < 3; ++pass) {
      QCoreApplication::sendPostedEvents();
      if (QGraphicsLayout* layout = view.chart()->layout()) layout->activate();
    }
  };
  int turns = 0;
  QObject::connect(x, &QAbstractAxis::labelsAngleChanged, [&turns](int) { ++turns; });
  int flipping = 0;
  bool sawUpright = false, sawFlat = false;
  for (int width = 560; width <= 1600; width += 4) {
    view.resize(width, 600);
    settle();
    turns = 0;
    settle();  // laid out already: nothing may turn now
    if (turns > 0) ++flipping;
    (x->labelsAngle() == 0 ? sawFlat : sawUpright) = true;
  }
  EXPECT_EQ(flipping, 0) << "widths at which the labels kept turning";
  EXPECT_TRUE(sawUpright && sawFlat) << "the sweep crosses the point where the labels turn";
}
