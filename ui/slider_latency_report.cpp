#include "slider_latency_report.h"

#include <algorithm>
#include <cmath>

namespace warpscope::ui {

double medianOf(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

double percentileOf(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(values.size())));
  return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

namespace {

QString ms(double value) { return QString::number(value, 'f', 2); }

}  // namespace

QStringList sliderLatencyReport(const std::vector<SliderMove>& moves, const QString& paramId, const QString& deviceId,
                                const QString& labId) {
  std::vector<const SliderMove*> inPlace, sweeps;
  for (const SliderMove& m : moves) (m.inPlace ? inPlace : sweeps).push_back(&m);
  // The in-place updates are what a drag is made of; a full sweep a move caused (a value the
  // sweep on screen lacks) is a different cost and would hide theirs. Without any in-place
  // update (a lab without Focus parameters) the full sweeps are what there is to time.
  const std::vector<const SliderMove*>& timed = inPlace.empty() ? sweeps : inPlace;
  std::vector<double> total, window, backend;
  for (const SliderMove* m : timed) {
    total.push_back(m->totalMs);
    window.push_back(m->windowMs());
    backend.push_back(m->backendMs);
  }
  QString line = QStringLiteral("slider-latency: %1 changes of %2 on %3 (%4): ")
                     .arg(moves.size())
                     .arg(paramId, deviceId, labId);
  if (timed.empty()) return {line + QStringLiteral("nothing was timed")};
  const auto [lo, hi] = std::minmax_element(total.begin(), total.end());
  line += QStringLiteral("median %1 ms, p95 %2 ms, min %3 ms, max %4 ms (%5 updated in place, %6 as a full sweep); "
                         "window part median %7 ms, p95 %8 ms; backend median %9 ms, p95 %10 ms")
              .arg(ms(medianOf(total)), ms(percentileOf(total, 95)), ms(*lo), ms(*hi))
              .arg(inPlace.size())
              .arg(sweeps.size())
              .arg(ms(medianOf(window)), ms(percentileOf(window, 95)), ms(medianOf(backend)),
                   ms(percentileOf(backend, 95)));
  if (inPlace.empty()) {
    line += QStringLiteral("; no move updated in place: these are full sweeps");
  } else if (!sweeps.empty()) {
    std::vector<double> sweepMs;
    for (const SliderMove* m : sweeps) sweepMs.push_back(m->totalMs);
    line += QStringLiteral("; the full sweeps: median %1 ms, max %2 ms")
                .arg(ms(medianOf(sweepMs)), ms(*std::max_element(sweepMs.begin(), sweepMs.end())));
  }
  // Which move was slowest: a p95 far above the median is usually one value of the slider.
  const SliderMove* slowest = timed[static_cast<size_t>(hi - total.begin())];
  std::vector<SliderMove> timedMoves;
  for (const SliderMove* m : timed) timedMoves.push_back(*m);
  QString slowestLine = QStringLiteral("  slowest: %1 = %2, %3 ms (window part %4 ms)")
                            .arg(paramId, slowest->movedTo, ms(slowest->totalMs), ms(slowest->windowMs()));
  // A value's first visit may cost what later ones do not (a user kernel's variant compiled,
  // checked and its SASS read once per process): the moves back to a value apart.
  std::vector<double> again;
  QStringList visited;
  for (const SliderMove* m : timed) {
    if (visited.contains(m->movedTo)) again.push_back(m->totalMs);
    visited.push_back(m->movedTo);
  }
  if (!again.empty())
    slowestLine += QStringLiteral("; back to a value moved to before: median %1 ms, p95 %2 ms, max %3 ms (%4 of %5 moves)")
                       .arg(ms(medianOf(again)), ms(percentileOf(again, 95)),
                            ms(*std::max_element(again.begin(), again.end())))
                       .arg(again.size())
                       .arg(timed.size());
  QStringList lines{line, slowestLine,
                    QStringLiteral("  window part, median of each phase: ") + windowPhasesLine(timedMoves)};
  // Where the slowest window parts went, as painted: a p95 over target is a few such moves.
  std::vector<const SliderMove*> byWindow = timed;
  std::sort(byWindow.begin(), byWindow.end(), [](const SliderMove* a, const SliderMove* b) { return a->windowMs() > b->windowMs(); });
  for (std::size_t i = 0; i < std::min<std::size_t>(3, byWindow.size()); ++i)
    if (!byWindow[i]->painted.isEmpty())
      lines << QStringLiteral("  window part %1 ms at %2 = %3: painted %4")
                   .arg(ms(byWindow[i]->windowMs()), paramId, byWindow[i]->movedTo, byWindow[i]->painted);
  return lines;
}

QString windowPhasesLine(const std::vector<SliderMove>& moves) {
  std::vector<double> hops, chart, numbers, posted;
  for (const SliderMove& m : moves) {
    hops.push_back(m.arrivedMs - m.backendMs);
    chart.push_back(m.paintedMs - m.arrivedMs);
    numbers.push_back(m.displayedMs - m.paintedMs);
    posted.push_back(m.totalMs - m.displayedMs);
  }
  return QStringLiteral("hops %1 ms, merge and chart painted %2 ms, numbers and status %3 ms, posted events "
                        "(layouts) %4 ms")
      .arg(ms(medianOf(hops)), ms(medianOf(chart)), ms(medianOf(numbers)), ms(medianOf(posted)));
}

}  // namespace warpscope::ui
