#include "cli/volkov_checks.h"

#include <algorithm>

namespace warpscope::cli {

std::map<int, double> threadsFor90PercentByIlp(const RunResult& arith) {
  std::map<int, double> threads;
  const View* view = arith.findView("fraction-vs-threads");
  if (!view) return threads;
  for (const auto& series : view->series) {
    const int ilp = std::stoi(series.name.substr(series.name.find(' ') + 1));  // "ILP 4"
    for (const auto& p : series.points)
      if (p.y >= 0.9) {
        threads[ilp] = p.x;
        break;
      }
  }
  return threads;
}

bool moreIlpNeedsFewerThreads(const std::map<int, double>& threadsByIlp) {
  if (!threadsByIlp.contains(1) || !threadsByIlp.contains(4)) return false;
  double previous = threadsByIlp.begin()->second;
  for (const auto& [ilp, threads] : threadsByIlp) {
    if (threads > previous) return false;
    previous = threads;
  }
  return threadsByIlp.at(4) < threadsByIlp.at(1);
}

double bestFractionAtOrBelowOccupancy(const RunResult& memory, int seriesBytes, double maxOccupancyPct) {
  const View* view = memory.findView("fraction-vs-occupancy");
  if (!view) return -1;
  double best = -1;
  const std::string prefix = std::to_string(seriesBytes) + " B/thread";
  for (const auto& series : view->series) {
    if (!series.name.starts_with(prefix)) continue;
    for (const auto& p : series.points)
      if (p.x <= maxOccupancyPct + 1e-9) best = std::max(best, p.y);
  }
  return best;
}

}  // namespace warpscope::cli
