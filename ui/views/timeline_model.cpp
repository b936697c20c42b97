#include "timeline_model.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace warpscope::ui {

int litSubRows(std::uint64_t mask, int subRows) {
  if (subRows <= 0) return 0;
  if (subRows < 64) mask &= (std::uint64_t{1} << subRows) - 1;
  return std::popcount(mask);
}

TimelineModel::TimelineModel(Timeline timeline) : timeline_(std::move(timeline)) {
  const size_t rows = timeline_.rows.size();
  rowEvents_.assign(rows, {});
  rowMaxEnd_.assign(rows, {});
  std::unordered_map<std::string, int> kindIndex;
  for (size_t k = 0; k < timeline_.kinds.size(); ++k) kindIndex.emplace(timeline_.kinds[k].id, static_cast<int>(k));

  eventKind_.resize(timeline_.events.size());
  double lo = std::numeric_limits<double>::infinity();
  double hi = -lo;
  for (size_t i = 0; i < timeline_.events.size(); ++i) {
    const TraceEvent& e = timeline_.events[i];
    const auto k = kindIndex.find(e.kind);
    eventKind_[i] = k == kindIndex.end() ? kindCount() : k->second;
    lo = std::min(lo, e.start);
    hi = std::max(hi, e.end);
    if (e.row >= 0 && static_cast<size_t>(e.row) < rows) rowEvents_[static_cast<size_t>(e.row)].push_back(static_cast<int>(i));
  }
  if (lo < hi) {
    // A run that starts just after zero is drawn from zero (the launch), like the xy axes.
    start_ = lo > 0 && lo <= 0.15 * (hi - lo) ? 0.0 : lo;
    end_ = hi;
  } else if (std::isfinite(lo)) {
    start_ = lo;
    end_ = lo + 1;
  }

  for (size_t r = 0; r < rows; ++r) {
    auto& ids = rowEvents_[r];
    std::stable_sort(ids.begin(), ids.end(), [&](int a, int b) {
      return timeline_.events[static_cast<size_t>(a)].start < timeline_.events[static_cast<size_t>(b)].start;
    });
    auto& maxEnd = rowMaxEnd_[r];
    maxEnd.reserve(ids.size());
    double m = -std::numeric_limits<double>::infinity();
    for (int id : ids) {
      m = std::max(m, timeline_.events[static_cast<size_t>(id)].end);
      maxEnd.push_back(m);
    }
    maxSubRows_ = std::max(maxSubRows_, timeline_.rows[r].subRows);
  }

  rowGroup_.assign(rows, 0);
  for (size_t r = 0; r < rows; ++r) {
    const std::string& g = timeline_.rows[r].group;
    if (groups_.empty() || groups_.back().label != g) groups_.push_back({g, static_cast<int>(r), static_cast<int>(r)});
    groups_.back().lastRow = static_cast<int>(r);
    rowGroup_[r] = static_cast<int>(groups_.size() - 1);
  }

  if (!timeline_.steps.empty()) {
    steps_ = timeline_.steps;
  } else {
    steps_.reserve(timeline_.events.size() * 2);
    for (const TraceEvent& e : timeline_.events) {
      steps_.push_back(e.start);
      steps_.push_back(e.end);
    }
  }
  std::sort(steps_.begin(), steps_.end());
  steps_.erase(std::unique(steps_.begin(), steps_.end()), steps_.end());
}

size_t TimelineModel::firstEndingAfter(const std::vector<double>& maxEnd, double t) {
  // maxEnd is non-decreasing: the first event whose running max reaches t is the first that
  // can overlap a window starting at t.
  return static_cast<size_t>(std::lower_bound(maxEnd.begin(), maxEnd.end(), t) - maxEnd.begin());
}

void TimelineModel::eventsInWindow(int row, double t0, double t1, std::vector<int>* out) const {
  if (row < 0 || row >= rowCount()) return;
  forEachInWindow(row, t0, t1, [out](int id) { out->push_back(id); });
}

}  // namespace warpscope::ui
