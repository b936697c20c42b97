// ViewChart updates in place what it can: a view that gained series (a focus run of a
// configuration the sweep lacks) looks exactly as the same view drawn afresh, and an update that
// changes nothing leaves the chart's series alone.
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QSignalSpy>
#include <QValueAxis>

#include <gtest/gtest.h>

#include "views/view_chart.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

View withSeries(int count, bool spread) {
  View v;
  v.id = "fraction";
  v.title = "Fraction of peak";
  v.kind = ViewKind::Xy;
  v.xLabel = "Occupancy (%)";
  v.yLabel = "Fraction";
  v.hasFocus = true;
  v.focusSeries = "config 0";
  v.focusX = 50;
  for (int k = 0; k < count; ++k) {
    Series s{"config " + std::to_string(k), {}, 0};
    // The later ones hold one point, as a focus run's new series does.
    for (int x = 10; x <= 100; x += (k < 3 ? 10 : 1000)) {
      const double y = (k + 1) * x / 400.0;
      s.points.push_back({double(x), y, spread ? 0.9 * y : y, spread ? 1.1 * y : y});
    }
    v.series.push_back(s);
  }
  return v;
}

struct Chart {
  QChartView view{new QChart};
  ViewChart chart{view.chart()};
  Chart() {
    view.setRenderHint(QPainter::Antialiasing);
    view.resize(900, 560);
    view.show();
  }
  QImage picture() {
    for (int pass = 0; pass < 4; ++pass) {
      QCoreApplication::sendPostedEvents();
      if (QGraphicsLayout* layout = view.chart()->layout()) layout->activate();
    }
    return view.grab().toImage();
  }
};

}  // namespace

TEST(ViewChartInPlace, AViewThatGainedSeriesLooksAsTheSameViewDrawnAfresh) {
  for (const bool spread : {false, true}) {
    Chart grown;
    grown.chart.show(withSeries(3, spread), QStringLiteral("Simulated: test"), Provenance::Simulated);
    grown.picture();
    const QAbstractSeries* first = grown.view.chart()->series().front();
    EXPECT_TRUE(grown.chart.show(withSeries(4, spread), QStringLiteral("Simulated: test"), Provenance::Simulated));
    EXPECT_TRUE(grown.chart.show(withSeries(6, spread), QStringLiteral("Simulated: test"), Provenance::Simulated));
    EXPECT_EQ(grown.view.chart()->series().front(), first) << "the lines already there stay";
    Chart fresh;
    fresh.chart.show(withSeries(6, spread), QStringLiteral("Simulated: test"), Provenance::Simulated);
    EXPECT_TRUE(grown.picture() == fresh.picture()) << (spread ? "with bands" : "without bands");
  }
}

TEST(ViewChartInPlace, TheSameViewAgainReplacesNoSeriesPoints) {
  Chart c;
  c.chart.show(withSeries(3, false), QStringLiteral("Simulated: test"), Provenance::Simulated);
  c.picture();
  std::vector<std::unique_ptr<QSignalSpy>> replaced;
  for (QAbstractSeries* s : c.view.chart()->series())
    if (auto* line = qobject_cast<QLineSeries*>(s)) replaced.push_back(std::make_unique<QSignalSpy>(line, &QXYSeries::pointsReplaced));
  ASSERT_FALSE(replaced.empty());
  View moved = withSeries(3, false);
  moved.focusX = 70;  // only the focus moved
  EXPECT_TRUE(c.chart.show(moved, QStringLiteral("Simulated: test"), Provenance::Simulated));
  for (const auto& spy : replaced) EXPECT_EQ(spy->count(), 0);
  QPointF at;
  ASSERT_TRUE(c.chart.focusMarker(&at));
  EXPECT_DOUBLE_EQ(at.x(), 70);
}

// On a GPU each focus move measures its point again: the y axis keeps its range while the data
// fit under it with little room to spare (a range following every new maximum made the chart
// twitch and laid the axis and every series out again on each move), and follows data that
// outgrow it or shrink well below it.
TEST(ViewChartInPlace, TheYAxisKeepsItsRangeWhileANewMeasurementStillFits) {
  Chart c;
  View v = withSeries(3, false);  // highest point: config 2 at x = 100, y = 0.75
  c.chart.show(v, QStringLiteral("Measured"), Provenance::Measured);
  auto* y = qobject_cast<QValueAxis*>(c.view.chart()->axes(Qt::Vertical).front());
  ASSERT_NE(y, nullptr);
  const double top = y->max();
  EXPECT_DOUBLE_EQ(top, 0.75 * 1.06);
  auto withTop = [&](double newTop) {
    View moved = v;
    Point& highest = moved.series[2].points.back();
    highest.y = highest.yMin = highest.yMax = newTop;
    c.chart.show(moved, QStringLiteral("Measured"), Provenance::Measured);
    return y->max();
  };
  EXPECT_DOUBLE_EQ(withTop(0.78), top) << "a slightly higher point still fits";
  EXPECT_DOUBLE_EQ(withTop(0.74), top) << "a slightly lower one leaves little room";
  EXPECT_DOUBLE_EQ(withTop(0.90), 0.90 * 1.06) << "one above the top raises it";
  EXPECT_DOUBLE_EQ(withTop(0.60), 0.675 * 1.06) << "one far below it lowers it (to the next highest, x = 90)";
}

// The theme's white-to-white gradient cost every repaint of the plot a per-pixel fill: the chart
// is filled with the colour instead, and draws the same pixels.
TEST(ViewChartInPlace, TheThemesOneColourGradientBecomesThatColourAndDrawsTheSame) {
  QChartView view{new QChart};
  const QBrush theme = view.chart()->backgroundBrush();
  ASSERT_NE(theme.gradient(), nullptr) << "the light theme no longer uses a gradient: this test has nothing to guard";
  ViewChart chart{view.chart()};
  EXPECT_EQ(view.chart()->backgroundBrush().style(), Qt::SolidPattern);
  view.resize(900, 560);
  view.show();
  chart.show(withSeries(3, true), QStringLiteral("Measured"), Provenance::Measured);
  auto picture = [&] {
    for (int pass = 0; pass < 4; ++pass) {
      QCoreApplication::sendPostedEvents();
      if (QGraphicsLayout* layout = view.chart()->layout()) layout->activate();
    }
    return view.grab().toImage();
  };
  const QImage solid = picture();
  view.chart()->setBackgroundBrush(theme);
  EXPECT_TRUE(picture() == solid);
}

namespace {

// A chart drawn before its window is shown (a first display, a screenshot at start) reads every
// legend marker as hidden; the focus entry of a view with no focus point must stay hidden once it
// is shown, not leave an empty box at the end of the legend (bank-conflicts with a pattern picked).
TEST(ViewChartInPlace, AViewWithoutAFocusPointShowsNoEmptyLegendEntryOnceTheWindowIsShown) {
  QChartView view{new QChart};
  ViewChart chart{view.chart()};
  view.resize(900, 560);
  View noFocus = withSeries(2, false);
  noFocus.focusX = 55;  // on no series' point
  chart.show(noFocus, QStringLiteral("Simulated"), Provenance::Simulated);
  view.show();
  QCoreApplication::sendPostedEvents();
  int named = 0;
  for (QLegendMarker* m : view.chart()->legend()->markers()) {
    EXPECT_FALSE(m->isVisible() && m->label().isEmpty()) << "an empty legend entry is shown";
    named += m->isVisible() && !m->label().isEmpty() ? 1 : 0;
  }
  EXPECT_EQ(named, 2);
  // The focus coming back brings its entry back.
  chart.show(withSeries(2, false), QStringLiteral("Simulated"), Provenance::Simulated);
  QCoreApplication::sendPostedEvents();
  bool focusEntry = false;
  for (QLegendMarker* m : view.chart()->legend()->markers())
    focusEntry = focusEntry || (m->isVisible() && m->label().startsWith(QStringLiteral("Focus")));
  EXPECT_TRUE(focusEntry);
}

}  // namespace
