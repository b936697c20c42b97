// A focus point measured again repaints only its neighbourhood (chart_change_area.h), and what
// is on screen afterwards is what painting the whole chart gives: the pixels are read
// from the window's backing store, before and after a full repaint.
#include <QApplication>
#include <QChartView>
#include <QImage>
#include <QPaintEvent>
#include <QScreen>
#include <QTest>
#include <QWindow>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "views/xy_renderer.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

/// Three lines with spread bands; the focus point on the middle one, its value moved by `shift`.
View measuredAgain(double shift) {
  View v;
  v.id = "gbps";
  v.title = "Bandwidth vs stride";
  v.kind = ViewKind::Xy;
  v.xLabel = "Stride";
  v.yLabel = "GB/s";
  v.hasFocus = true;
  v.focusSeries = "line 1";
  v.focusX = 12;
  for (int k = 0; k < 3; ++k) {
    Series s{"line " + std::to_string(k), {}, 0};
    for (int x = 1; x <= 32; ++x) {
      double y = (k + 1) * 100.0 / x + 50;
      if (k == 1 && x == 12) y *= 1 + shift;
      s.points.push_back({double(x), y, 0.95 * y, 1.05 * y});
    }
    v.series.push_back(s);
  }
  return v;
}

/// Counts the viewport's paints and the area they covered.
struct PaintWatch : QObject {
  int paints = 0;
  QRegion painted;
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) {
      ++paints;
      painted += static_cast<QPaintEvent*>(event)->region();
    }
    return false;
  }
};

struct OnScreen {
  XyRenderer renderer;
  explicit OnScreen(const View& first) {
    renderer.chartView()->resize(900, 560);
    renderer.chartView()->show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(renderer.chartView()));
    show(first);
  }
  void show(const View& v) {
    renderer.show(v, QStringLiteral("Measured on a test"), Provenance::Measured);
    renderer.settle();
    QApplication::processEvents();
  }
  /// What the window system has of the plot's viewport: the backing store's pixels (without the
  /// view's frame, which draws the keyboard focus of whichever window has it).
  QImage pixels() const {
    QWidget* viewport = renderer.chartView()->viewport();
    QWidget* window = viewport->window();
    const QRect at(viewport->mapTo(window, QPoint(0, 0)), viewport->size());
    return window->screen()->grabWindow(window->winId(), at.x(), at.y(), at.width(), at.height()).toImage().convertToFormat(QImage::Format_RGB32);
  }
};

/// Painted in part, antialiased edges round a little differently than painted whole: Qt's own
/// partial repaints (the axis test below) differ by 1 level, a wrong area by up to 255.
constexpr int kRoundingLevels = 4;

/// The largest difference of one colour channel between two pictures of one size.
int largestChannelDifference(const QImage& a, const QImage& b) {
  if (a.size() != b.size()) return 255;
  int largest = 0;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x) {
      const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
      largest = std::max({largest, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q))});
    }
  return largest;
}

}  // namespace

TEST(ChartChangeArea, APointMeasuredAgainRepaintsOnlyItsNeighbourhoodAndLooksAsIfPaintedWhole) {
  OnScreen moved(measuredAgain(0));
  PaintWatch watch;
  moved.renderer.chartView()->viewport()->installEventFilter(&watch);
  for (const double shift : {0.02, -0.03, 0.01, 0.04}) moved.show(measuredAgain(shift));
  moved.renderer.chartView()->viewport()->removeEventFilter(&watch);
  EXPECT_EQ(watch.paints, 4) << "one paint a move";
  const QRect viewport = moved.renderer.chartView()->viewport()->rect();
  const QRect bounds = watch.painted.boundingRect();
  EXPECT_LT(bounds.width() * bounds.height(), viewport.width() * viewport.height() / 4)
      << "painted " << bounds.width() << "x" << bounds.height() << " of " << viewport.width() << "x" << viewport.height();

  const QImage after = moved.pixels();
  ASSERT_FALSE(after.isNull()) << "the platform cannot grab a window: this test has nothing to compare";
  moved.renderer.chartView()->viewport()->repaint();  // all of it, now
  EXPECT_LE(largestChannelDifference(after, moved.pixels()), kRoundingLevels)
      << "the partly repainted chart differs from the same chart painted whole";
}

TEST(ChartChangeArea, ANewAxisRangeRepaintsTheWholeChart) {
  OnScreen moved(measuredAgain(0));
  PaintWatch watch;
  moved.renderer.chartView()->viewport()->installEventFilter(&watch);
  moved.show(measuredAgain(10.0));  // 733 GB/s, far above the axis top (1.05 x 350): the axis grows
  moved.renderer.chartView()->viewport()->removeEventFilter(&watch);
  const QRect plot = moved.renderer.chartView()->mapFromScene(moved.renderer.chartView()->chart()->plotArea()).boundingRect();
  EXPECT_TRUE(watch.painted.boundingRect().contains(plot)) << "the plot is painted whole";
  const QImage after = moved.pixels();
  moved.renderer.chartView()->viewport()->repaint();
  EXPECT_LE(largestChannelDifference(after, moved.pixels()), kRoundingLevels);
}

TEST(ChartChangeArea, AFocusPointLeavingTheViewRepaintsTheRingAndTheLegendNotThePlot) {
  OnScreen moved(measuredAgain(0));
  View without = measuredAgain(0);
  without.hasFocus = false;  // e.g. bank-conflicts' pattern moved to one the stride chart lacks
  for (const View& v : {without, measuredAgain(0), without}) {
    PaintWatch watch;
    moved.renderer.chartView()->viewport()->installEventFilter(&watch);
    moved.show(v);
    moved.renderer.chartView()->viewport()->removeEventFilter(&watch);
    const QRect plot = moved.renderer.chartView()->mapFromScene(moved.renderer.chartView()->chart()->plotArea()).boundingRect();
    EXPECT_FALSE(watch.painted.boundingRect().contains(plot));
    const QImage after = moved.pixels();
    moved.renderer.chartView()->viewport()->repaint();
    EXPECT_LE(largestChannelDifference(after, moved.pixels()), kRoundingLevels) << (v.hasFocus ? "ring back" : "ring gone");
  }
}

// A focus run of a stride the sweep lacks inserts its point into the line on screen (bank-conflicts'
// strides past 32, latency-memory's): the line changed between that point's neighbours only.
TEST(ChartChangeArea, APointAFocusRunInsertedRepaintsBetweenItsNeighbours) {
  const auto withInserted = [](double x) {
    View v = measuredAgain(0);
    v.focusX = x;
    for (Series& s : v.series) {
      const auto at = std::find_if(s.points.begin(), s.points.end(), [x](const Point& p) { return p.x > x; });
      const double y = s.points.front().y * 0.7;
      s.points.insert(at, {x, y, 0.95 * y, 1.05 * y});
    }
    return v;
  };
  OnScreen moved(measuredAgain(0));
  PaintWatch watch;
  moved.renderer.chartView()->viewport()->installEventFilter(&watch);
  moved.show(withInserted(20.5));
  moved.renderer.chartView()->viewport()->removeEventFilter(&watch);
  EXPECT_EQ(moved.renderer.lastRepaint(), QStringLiteral("3 areas")) << moved.renderer.lastRepaint().toStdString();
  const QRect plot = moved.renderer.chartView()->mapFromScene(moved.renderer.chartView()->chart()->plotArea()).boundingRect();
  EXPECT_FALSE(watch.painted.boundingRect().contains(plot));
  const QImage after = moved.pixels();
  moved.renderer.chartView()->viewport()->repaint();
  EXPECT_LE(largestChannelDifference(after, moved.pixels()), kRoundingLevels);
}
