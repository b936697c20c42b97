#pragma once
/// \file timeline_model.h
/// A Timeline indexed for drawing and stepping: each row's events sorted by start with a
/// running maximum of their ends (so a time window is found by binary search, not a scan of
/// every event), each event's kind as an index into the legend, the groups as bands of
/// consecutive rows, and the times the step control stops at. Qt-free and cheap to query.

#include <cstdint>
#include <string>
#include <vector>

#include "warpscope/result.h"

namespace warpscope::ui {

/// Consecutive rows sharing a group label, e.g. the 64 warps of "SM 12".
struct RowGroup {
  std::string label;
  int firstRow = 0;
  int lastRow = 0;  ///< Inclusive.
};

class TimelineModel {
 public:
  TimelineModel() = default;
  explicit TimelineModel(Timeline timeline);

  [[nodiscard]] const Timeline& timeline() const { return timeline_; }
  [[nodiscard]] int rowCount() const { return static_cast<int>(timeline_.rows.size()); }
  [[nodiscard]] int kindCount() const { return static_cast<int>(timeline_.kinds.size()); }
  [[nodiscard]] const std::vector<RowGroup>& groups() const { return groups_; }
  /// Index into groups() of a row's group.
  [[nodiscard]] int groupOfRow(int row) const { return rowGroup_[static_cast<size_t>(row)]; }
  /// The largest subRows of any row (0: no row has lanes).
  [[nodiscard]] int maxSubRows() const { return maxSubRows_; }

  /// Earliest start and latest end over every event (0..1 when there are none).
  [[nodiscard]] double startTime() const { return start_; }
  [[nodiscard]] double endTime() const { return end_; }

  /// The events of `row` that overlap [t0, t1], as indices into timeline().events, in start
  /// order. Appends to `out`.
  void eventsInWindow(int row, double t0, double t1, std::vector<int>* out) const;
  /// Calls f(eventIndex) for the events of `row` overlapping [t0, t1] (no allocation).
  template <typename F>
  void forEachInWindow(int row, double t0, double t1, F&& f) const {
    const auto& ids = rowEvents_[static_cast<size_t>(row)];
    const auto& maxEnd = rowMaxEnd_[static_cast<size_t>(row)];
    size_t i = firstEndingAfter(maxEnd, t0);
    for (; i < ids.size(); ++i) {
      const TraceEvent& e = timeline_.events[static_cast<size_t>(ids[i])];
      if (e.start > t1) break;
      if (e.end >= t0) f(ids[i]);
    }
  }
  /// The legend index of an event's kind (kinds unknown to the legend get one past the end).
  [[nodiscard]] int kindOf(int eventIndex) const { return eventKind_[static_cast<size_t>(eventIndex)]; }

  /// Where the step control stops, sorted and unique: Timeline::steps, or every event start
  /// and end when the lab gave none.
  [[nodiscard]] const std::vector<double>& stepTimes() const { return steps_; }

 private:
  static size_t firstEndingAfter(const std::vector<double>& maxEnd, double t);

  Timeline timeline_;
  std::vector<std::vector<int>> rowEvents_;
  std::vector<std::vector<double>> rowMaxEnd_;  ///< Running max of ends, per row in start order.
  std::vector<int> eventKind_;
  std::vector<RowGroup> groups_;
  std::vector<int> rowGroup_;
  std::vector<double> steps_;
  double start_ = 0;
  double end_ = 1;
  int maxSubRows_ = 0;
};

/// Sub-rows `mask` lights, counted (popcount), capped at `subRows`.
int litSubRows(std::uint64_t mask, int subRows);

}  // namespace warpscope::ui
