// The spread band under a measured series (fastest to slowest repetition): one band item per
// series that the chart keeps in place across updates, its polygon following the new edges and
// the axes, one legend entry for all bands, and the fill drawn without antialiasing (Qt Charts'
// antialiased area fill took 60-90 ms a repaint of bank-conflicts' zig-zag band, most of a
// slider step; spread_band_item.h).
#include <QAreaSeries>
#include <QChart>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <set>

#include "views/spread_band_item.h"
#include "views/view_chart.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

View zigZag(double spread) {
  View v;
  v.id = "throughput";
  v.title = "Throughput";
  v.kind = ViewKind::Xy;
  v.xLabel = "stride";
  v.yLabel = "B/clk";
  Series measured{"measured", {}, 0};
  for (int x = 1; x <= 33; ++x) {
    const double y = x % 2 ? 128.0 : 128.0 / 4;
    measured.points.push_back({double(x), y, y * (1 - spread), y * (1 + spread)});
  }
  Series model{"model", {}, 1};
  for (const Point& p : measured.points) model.points.push_back({p.x, p.y, p.y, p.y});
  v.series = {measured, model};
  return v;
}

std::vector<SpreadBandItem*> bandsOf(QChart& chart) {
  std::vector<SpreadBandItem*> bands;
  for (QGraphicsItem* child : chart.childItems())
    if (auto* band = dynamic_cast<SpreadBandItem*>(child)) bands.push_back(band);
  return bands;
}

}  // namespace

TEST(SpreadBand, EachSeriesGetsABandItemUnderItsLineKeptInPlaceAcrossUpdates) {
  QGraphicsScene scene;
  auto* chart = new QChart;
  scene.addItem(chart);
  chart->resize(800, 500);
  ViewChart viewChart(chart);
  viewChart.show(zigZag(0.05), QStringLiteral("Measured"), Provenance::Measured);
  const std::vector<SpreadBandItem*> bands = bandsOf(*chart);
  ASSERT_EQ(bands.size(), 2u);  // a band per series (the model's has no width)
  int legendEntries = 0;
  for (QAbstractSeries* s : chart->series())
    if (qobject_cast<QAreaSeries*>(s)) ++legendEntries;
  EXPECT_EQ(legendEntries, 1) << "one legend swatch explains every band";
  const QRectF before = bands.front()->path().boundingRect();
  EXPECT_GT(before.height(), 50);  // spans the zig-zag from 32 up to 134
  EXPECT_TRUE(chart->plotArea().adjusted(-1, -1, 1, 1).contains(before));

  // A focus update with a wider spread: the same items, a taller polygon.
  EXPECT_TRUE(viewChart.show(zigZag(0.2), QStringLiteral("Measured"), Provenance::Measured));
  EXPECT_EQ(bandsOf(*chart), bands);
  EXPECT_LT(bands.front()->path().boundingRect().top(), before.top());
}

TEST(SpreadBand, TheFillIsDrawnWithoutAntialiasing) {
  QGraphicsScene scene;
  auto* chart = new QChart;
  scene.addItem(chart);
  chart->resize(800, 500);
  ViewChart viewChart(chart);
  viewChart.show(zigZag(0.3), QStringLiteral("Measured"), Provenance::Measured);
  SpreadBandItem* band = bandsOf(*chart).front();
  // Painted alone onto a cleared image, an antialiased fill would leave partly covered pixels of
  // other alphas at its edges; without antialiasing every touched pixel has the fill's alpha.
  QImage image(chart->size().toSize(), QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::transparent);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  band->paint(&painter, nullptr, nullptr);
  painter.end();
  std::set<int> alphas;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x)
      if (const int a = qAlpha(image.pixel(x, y)); a > 0) alphas.insert(a);
  ASSERT_FALSE(alphas.empty());
  EXPECT_EQ(alphas.size(), 1u) << "edge pixels of other coverage: antialiased";
}

TEST(SpreadBand, ASpreadTooThinToSeeGetsNoBandAndNoLegendEntry) {
  // 0.01% of a 32..128 span: far under a pixel. The legend must not explain a shading nobody sees.
  QGraphicsScene scene;
  auto* chart = new QChart;
  scene.addItem(chart);
  chart->resize(800, 500);
  ViewChart viewChart(chart);
  viewChart.show(zigZag(0.0001), QStringLiteral("Measured"), Provenance::Measured);
  EXPECT_TRUE(bandsOf(*chart).empty());
  for (QAbstractSeries* s : chart->series()) EXPECT_EQ(qobject_cast<QAreaSeries*>(s), nullptr) << s->name().toStdString();
  // A visible one (5%) brings both back.
  viewChart.show(zigZag(0.05), QStringLiteral("Measured"), Provenance::Measured);
  EXPECT_FALSE(bandsOf(*chart).empty());
}
