// The focus ring: drawn exactly where and as Qt Charts draws a circle marker of a scatter series
// (the ring it replaces), and moving it repaints little of the chart.
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPaintEvent>
#include <QScatterSeries>
#include <QTest>
#include <QValueAxis>

#include <gtest/gtest.h>

#include "views/focus_ring_item.h"
#include "views/xy_renderer.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// A chart with a line, axes and a scatter series styled as ViewChart styles its focus series.
struct RingChart {
  QChartView view{new QChart};
  QScatterSeries* scatter = new QScatterSeries;
  RingChart() {
    QChart* chart = view.chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    auto* line = new QLineSeries;
    for (int x = 0; x <= 10; ++x) line->append(x, x * x);
    chart->addSeries(line);
    scatter->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    scatter->setMarkerSize(22);
    scatter->setColor(QColor(255, 255, 255, 0));
    scatter->setPen(QPen(QColor(0x11, 0x11, 0x11), 3.5));
    chart->addSeries(scatter);
    auto* x = new QValueAxis;
    auto* y = new QValueAxis;
    x->setRange(0, 10);
    y->setRange(0, 100);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) {
      s->attachAxis(x);
      s->attachAxis(y);
    }
    view.setRenderHint(QPainter::Antialiasing);
    view.resize(640, 420);
    view.show();
    settle();
  }
  void settle() {
    for (int pass = 0; pass < 3; ++pass) {
      QCoreApplication::sendPostedEvents();
      if (QGraphicsLayout* layout = view.chart()->layout()) layout->activate();
    }
  }
  QImage picture() {
    settle();
    return view.grab().toImage();
  }
};

/// One series "s" of y = slope * x at x = 1..16, focused at x = 2.
View focusedLine(double slope) {
  View v;
  v.id = "v";
  v.title = "T";
  v.kind = ViewKind::Xy;
  v.xLabel = "x";
  v.yLabel = "y";
  v.hasFocus = true;
  v.focusSeries = "s";
  v.focusX = 2;
  Series s{"s", {}, 0};
  for (int x = 1; x <= 16; ++x) s.points.push_back({double(x), slope * x, slope * x, slope * x});
  v.series.push_back(s);
  return v;
}

}  // namespace

TEST(FocusRingItem, DrawsTheRingAQtChartsScatterMarkerDraws) {
  // At a point inside the plot and at one on its edge, which both cut the same way.
  for (const QPointF at : {QPointF(4, 16), QPointF(0, 0)}) {
    RingChart chart;
    chart.scatter->append(at);
    const QImage byQtCharts = chart.picture();
    chart.scatter->clear();
    const QImage none = chart.picture();
    ASSERT_FALSE(none == byQtCharts) << "the marker is in the picture";
    auto* ring = new FocusRingItem(chart.view.chart(), chart.scatter, 22, chart.scatter->pen(), chart.scatter->brush());
    ring->setValues({at});
    const QImage byRing = chart.picture();
    ASSERT_EQ(byQtCharts.size(), byRing.size());
    EXPECT_TRUE(byQtCharts == byRing) << "at " << at.x() << ", " << at.y();
  }
}

TEST(FocusRingItem, FollowsThePlotWhenItsAreaChanges) {
  RingChart chart;
  chart.scatter->append(QPointF(6, 36));
  chart.view.resize(900, 500);
  const QImage byQtCharts = chart.picture();
  chart.scatter->clear();
  auto* ring = new FocusRingItem(chart.view.chart(), chart.scatter, 22, chart.scatter->pen(), chart.scatter->brush());
  chart.view.resize(640, 420);
  ring->setValues({QPointF(6, 36)});
  chart.settle();
  QObject::connect(chart.view.chart(), &QChart::plotAreaChanged, [ring](const QRectF&) { ring->remap(); });
  chart.view.resize(900, 500);
  EXPECT_TRUE(chart.picture() == byQtCharts);
}

TEST(FocusRingItem, MovingTheFocusRepaintsLittleOfTheChart) {
  XyRenderer renderer;
  View v = focusedLine(1);
  renderer.chartView()->resize(900, 600);
  renderer.chartView()->show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(renderer.chartView()));
  renderer.show(v, QStringLiteral("Simulated: test"), Provenance::Simulated);
  renderer.settle();
  QCoreApplication::sendPostedEvents();
  struct Area : QObject {
    qint64 pixels = 0;
    bool eventFilter(QObject*, QEvent* e) override {
      if (e->type() == QEvent::Paint)
        for (const QRect& r : static_cast<QPaintEvent*>(e)->region()) pixels += qint64(r.width()) * r.height();
      return false;
    }
  } area;
  QWidget* viewport = renderer.chartView()->viewport();
  viewport->installEventFilter(&area);
  v.focusX = 9;  // the same points: only the ring and its readout change
  renderer.show(v, QStringLiteral("Simulated: test"), Provenance::Simulated);
  renderer.settle();
  QCoreApplication::sendPostedEvents();
  const qint64 whole = qint64(viewport->width()) * viewport->height();
  EXPECT_GT(area.pixels, 0) << "the moved ring was painted";
  EXPECT_LT(area.pixels, whole / 4) << "a moved ring repainted " << area.pixels << " of " << whole << " pixels";
}

// Issue 27: the focus entry of the legend held the focus point's numbers; a legend label that
// changes lays the whole chart out again (axes, title, legend) on every move. The numbers are
// the ring's readout; the legend stays as it was.
TEST(FocusRingItem, MovingTheFocusLeavesTheLegendAsItWasAndTheReadoutSaysTheNumbers) {
  XyRenderer renderer;
  View v = focusedLine(10);
  renderer.chartView()->resize(900, 600);
  renderer.show(v, QStringLiteral("Simulated: test"), Provenance::Simulated);
  renderer.settle();
  auto labels = [&] {
    QStringList out;
    for (QLegendMarker* m : renderer.chartView()->chart()->legend()->markers()) out << m->label();
    return out;
  };
  auto readouts = [&] {
    QStringList out;
    for (QGraphicsItem* item : renderer.chartView()->chart()->childItems())
      if (auto* ring = dynamic_cast<FocusRingItem*>(item)) out << ring->readouts();
    return out;
  };
  const QStringList before = labels();
  EXPECT_EQ(readouts(), QStringList{QStringLiteral("2 → 20")});
  v.focusX = 9;
  renderer.show(v, QStringLiteral("Simulated: test"), Provenance::Simulated);
  renderer.settle();
  EXPECT_EQ(labels(), before);
  EXPECT_TRUE(before.contains(QStringLiteral("Focus point"))) << before.join(QLatin1Char('|')).toStdString();
  EXPECT_EQ(readouts(), QStringList{QStringLiteral("9 → 90")});
}
