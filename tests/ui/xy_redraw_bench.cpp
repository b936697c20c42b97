// warpscope_xy_redraw_bench: the window's xy chart on a focus move whose point was measured
// again (issue 27). On a GPU every focus run re-measures its point, so the series under it changes
// and Qt Charts repaints the plot; the simulator returns the sweep's own value and never exercises
// that. This times exactly that case, offscreen, at the window's chart size: a latency-arith-like
// view (6 series of 32 points with spread bands), the focus point's value changed on every move.
//   build/tests/ui/warpscope_xy_redraw_bench [MOVES]    (QT_QPA_PLATFORM=offscreen is set here)
//   build/tests/ui/warpscope_xy_redraw_bench MOVES FILE [VIEW]
// The second form takes a lab's real view from a recording or run file (its first xy view with a
// focus point, or VIEW) and measures its focus point anew on every move the same way.
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
#include "warpscope/recording.h"

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

/// The view with its focus point's value moved by `shift` of itself (a GPU's run-to-run spread).
View withFocusShifted(View v, double shift) {
  for (Series& s : v.series)
    if (s.name == v.focusSeries)
      for (Point& p : s.points)
        if (p.x == v.focusX) {
          p.y *= 1 + shift;
          p.yMin *= 1 + shift;
          p.yMax *= 1 + shift;
        }
  return v;
}

View recordedView(const std::string& file, const std::string& viewId) {
  const Recording recording = readRunFile(file);
  for (const View& v : recording.result.views)
    if (v.kind == ViewKind::Xy && (viewId.empty() ? v.hasFocus : v.id == viewId)) return v;
  throw std::runtime_error(file + ": no xy view" + (viewId.empty() ? " with a focus point" : " " + viewId));
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
  const bool fromFile = argc > 2;
  const View recorded = fromFile ? recordedView(argv[2], argc > 3 ? argv[3] : "") : View{};
  const auto viewForMove = [&](int i) {
    return fromFile ? withFocusShifted(recorded, 0.01 * (i % 5)) : latencyArithLike(0.01 * (i % 5 + 1));
  };
  renderer.show(viewForMove(0), QStringLiteral("Measured on a bench"), Provenance::Measured);
  renderer.settle();
  QApplication::processEvents();
  std::vector<double> ms;
  QElapsedTimer clock;
  for (int i = 0; i < moves; ++i) {
    clock.start();
    renderer.show(viewForMove(i + 1), QStringLiteral("Measured on a bench"), Provenance::Measured);
    renderer.settle();
    QApplication::processEvents();  // the repaint the change asked for
    ms.push_back(double(clock.nsecsElapsed()) / 1e6);
  }
  std::size_t points = 0;
  const View shown = viewForMove(0);
  for (const Series& s : shown.series) points += s.points.size();
  std::printf("xy-redraw: %d focus moves with the focus point measured anew, %s (%zu series, %zu points), "
              "1140x640: median %.2f ms, p95 %.2f ms\n",
              moves, shown.id.c_str(), shown.series.size(), points, percentile(ms, 50), percentile(ms, 95));
  return 0;
}
