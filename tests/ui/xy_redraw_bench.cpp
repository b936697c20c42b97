// warpscope_xy_redraw_bench: the window's xy chart on a focus move whose point was measured
// again (issue 27). On a GPU every focus run re-measures its point, so the series under it changes
// and Qt Charts repaints the plot; the simulator returns the sweep's own value and never exercises
// that. This times exactly that case, offscreen, at the window's chart size: a latency-arith-like
// view (6 series of 32 points with spread bands), the focus point's value changed on every move.
//   build/tests/ui/warpscope_xy_redraw_bench [MOVES]    (QT_QPA_PLATFORM=offscreen is set here)
// Prints the median and p95 in ms: a figure to compare builds on one machine, not a target.
#include <QApplication>
#include <QChartView>
#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "views/xy_renderer.h"

using namespace warpscope;
using namespace warpscope::ui;

namespace {

View latencyArithLike(double focusShift) {
  View v;
  v.id = "fraction-vs-threads";
  v.title = "Fraction of FP32 peak vs threads per SM";
  v.kind = ViewKind::Xy;
  v.xLabel = "Threads per SM";
  v.yLabel = "Fraction of FP32 peak";
  v.hasFocus = true;
  v.focusSeries = "ILP 1";
  v.focusX = 224;
  for (int s = 0; s < 6; ++s) {
    Series series{"ILP " + std::to_string(s + 1), {}, double(s + 1)};
    for (int x = 32; x <= 1024; x += 32) {
      const double y = std::min(0.9, x / (500.0 / (s + 1))) + (x == 224 ? focusShift : 0);
      series.points.push_back({double(x), y, y * 0.97, y * 1.02});
    }
    v.series.push_back(std::move(series));
  }
  return v;
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p / 100.0 * double(values.size()))));
  return values[std::min(rank, values.size()) - 1];
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  const int moves = argc > 1 ? std::max(10, std::atoi(argv[1])) : 300;
  XyRenderer renderer;
  renderer.chartView()->resize(1140, 640);  // the chart's size in a 1600x1000 window
  renderer.chartView()->show();
  if (!QTest::qWaitForWindowExposed(renderer.chartView())) return 1;
  renderer.show(latencyArithLike(0), QStringLiteral("Measured on a bench"), Provenance::Measured);
  renderer.settle();
  QApplication::processEvents();
  std::vector<double> ms;
  QElapsedTimer clock;
  for (int i = 0; i < moves; ++i) {
    clock.start();
    renderer.show(latencyArithLike(0.01 * (i % 5 + 1)), QStringLiteral("Measured on a bench"), Provenance::Measured);
    renderer.settle();
    QApplication::processEvents();  // the repaint the change asked for
    ms.push_back(double(clock.nsecsElapsed()) / 1e6);
  }
  std::printf("xy-redraw: %d focus moves with the focus point measured anew, 6 series x 32 points with bands, "
              "1140x640: median %.2f ms, p95 %.2f ms\n",
              moves, percentile(ms, 50), percentile(ms, 95));
  return 0;
}
