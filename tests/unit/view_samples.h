#pragma once
// One small view of each kind, with the awkward bits the writers must survive (commas, quotes,
// a leading '#', a 64-bit mask, an empty series, repeated names), and a field-by-field
// comparison that names the first difference. Shared by view_table_test and writers_test.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "warpscope/result.h"

namespace warpscope::testing_views {

inline View xyView() {
  View v;
  v.id = "fraction-vs-threads";
  v.title = "Fraction, vs \"threads\"";
  v.kind = ViewKind::Xy;
  v.xLabel = "Threads per SM";
  v.yLabel = "Fraction of peak, FP32";
  v.yMaxHint = 1.0;
  v.series.push_back({"ILP 4", {{32, 0.25, 0.24, 0.26}, {64, 0.5, 0.5, 0.5}}, 4});
  v.series.push_back({"name, with \"comma\"", {{1, 2, 3, 4}}, 0.1});
  v.series.push_back({"never measured", {}, 8});
  v.focusSeries = "ILP 4";
  v.focusX = 64;
  v.hasFocus = true;
  v.followsFocus = true;
  return v;
}

inline View timelineView() {
  View v;
  v.id = "divergence-timeline";
  v.title = "Warp 0, lanes over time";
  v.kind = ViewKind::Timeline;
  v.timeline.timeLabel = "Time (SM cycles)";
  v.timeline.timeUnit = "cycles";
  v.timeline.rows = {{"warp 0", "SM 0", 32}, {"warp 1, spare", "SM 0", 0}};
  v.timeline.kinds = {{"path-1", "Path 1 (if)"}, {"path-2", "Path 2, \"else\""}};
  v.timeline.events = {{0, 0, 10.5, "path-1", 0x0000ffffULL, "mask 0x0000ffff"},
                       {0, 10.5, 20, "path-2", 0xffff0000ffff0000ULL, ""},
                       {1, 3, 4, "path-1", 0, "#idle, \"quoted\""}};
  v.timeline.steps = {0, 10.5};
  return v;
}

inline View gridView() {
  View v;
  v.id = "um-pages";
  v.title = "Where each page lives";
  v.kind = ViewKind::Grid;
  v.grid.rowAxisLabel = "2 MiB chunk";
  v.grid.columnAxisLabel = "64 KiB block";
  v.grid.rowLabels = {"chunk 0", "chunk 1"};
  v.grid.columnLabels = {"0", "1", "2, last"};
  v.grid.states = {{"cpu", "Resident on the CPU"}, {"gpu0", "Resident on GPU 0"}};
  v.grid.timeUnit = "us";
  v.grid.frames = {{0, "t = 0 us", {0, 0, 0, 0, 0, 0}, {}},
                   {1.25, "t = 1.25 us", {1, 0, 0, 1, 1, 0}, {"a", "", "", "b,c", "", ""}}};
  return v;
}

/// A small page map in the change form: 2 chunks x 4 pages, one initial frame (CPU, with a
/// populated tail), changes (a migration run, an eviction, a change at the initial time) and
/// a coarser level.
inline View pageMapView() {
  View v;
  v.id = "page-map";
  v.title = "Where each page lives";
  v.kind = ViewKind::Grid;
  v.grid.rowAxisLabel = "2 MiB chunk";
  v.grid.columnAxisLabel = "4 KiB page";
  v.grid.rowLabels = {"chunk 0", "chunk 1"};
  v.grid.columnLabels = {"0", "1", "2", "3"};
  v.grid.states = {{"unpopulated", "Not yet touched"}, {"cpu", "On the CPU"}, {"gpu0", "On GPU 0"}};
  v.grid.timeUnit = "us";
  v.grid.frames = {{0, "t = 0 us", {1, 1, 1, 1, 1, 1, 0, 0}, {}}};
  v.grid.changes = {{0, 6, 1, 1}, {2.5, 0, 4, 2}, {2.5, 4, 2, 2}, {7.25, 1, 1, 1}};
  v.grid.levels = {{"2 pages", 2}, {"chunks", 4}};
  return v;
}

inline View barsView() {
  View v;
  v.id = "modes";
  v.title = "Bandwidth by mode";
  v.kind = ViewKind::Bars;
  v.bars.categoryLabel = "Mode";
  v.bars.valueLabel = "GB/s";
  v.bars.categories = {"on demand", "prefetch, async", "on demand"};
  v.bars.series = {{"Measured", {{100, 90, 110}, {300, 290, 310}, {101, 99, 102}}},
                   {"Model", {{120, 120, 120}, {320, 320, 320}, {121, 121, 121}}}};
  return v;
}

/// A kernel's SASS: classed lines, one without a class, a line with a comma and quotes (CSV).
inline View listingView() {
  View v;
  v.id = "sass";
  v.title = "SASS of the focus variant";
  v.kind = ViewKind::Listing;
  v.listing.caption = "BLOCK 256, sm_90: 4 instructions";
  v.listing.states = {{"global", "Global memory"}, {"control", "Branches and barriers"}};
  v.listing.lines = {{"/*0000*/  LDC R1, c[0x0][0x28] ;", -1},
                     {"/*0010*/  LDG.E.128 R4, desc[UR4][R2.64] ;", 0},
                     {"/*0020*/  \"quoted\", text ;", -1},
                     {"/*0030*/  EXIT ;", 1}};
  return v;
}

inline std::vector<View> everyKind() { return {xyView(), timelineView(), gridView(), barsView(), listingView()}; }

/// Passes when every field of the two views is equal; otherwise names the first that is not.
inline ::testing::AssertionResult sameView(const View& a, const View& b) {
  std::ostringstream diff;
  auto check = [&diff](bool same, const std::string& what) {
    if (!same && diff.str().empty()) diff << what << " differs";
  };
  check(a.id == b.id, "id");
  check(a.title == b.title, "title");
  check(a.kind == b.kind, "kind");
  check(a.xLabel == b.xLabel && a.yLabel == b.yLabel && a.yMaxHint == b.yMaxHint, "xy labels or y_max_hint");
  check(a.focusSeries == b.focusSeries && a.focusX == b.focusX && a.hasFocus == b.hasFocus &&
            a.followsFocus == b.followsFocus,
        "focus");
  check(a.series.size() == b.series.size(), "series count");
  for (std::size_t s = 0; s < std::min(a.series.size(), b.series.size()); ++s) {
    const Series& x = a.series[s];
    const Series& y = b.series[s];
    check(x.name == y.name && x.key == y.key && x.points.size() == y.points.size(), "series " + std::to_string(s));
    for (std::size_t p = 0; p < std::min(x.points.size(), y.points.size()); ++p)
      check(x.points[p].x == y.points[p].x && x.points[p].y == y.points[p].y && x.points[p].yMin == y.points[p].yMin &&
                x.points[p].yMax == y.points[p].yMax,
            "series " + std::to_string(s) + " point " + std::to_string(p));
  }
  const Timeline& t = a.timeline;
  const Timeline& u = b.timeline;
  check(t.timeLabel == u.timeLabel && t.timeUnit == u.timeUnit && t.steps == u.steps, "timeline labels or steps");
  check(t.rows.size() == u.rows.size(), "timeline row count");
  for (std::size_t r = 0; r < std::min(t.rows.size(), u.rows.size()); ++r)
    check(t.rows[r].label == u.rows[r].label && t.rows[r].group == u.rows[r].group && t.rows[r].subRows == u.rows[r].subRows,
          "timeline row " + std::to_string(r));
  check(t.kinds.size() == u.kinds.size(), "span kind count");
  for (std::size_t k = 0; k < std::min(t.kinds.size(), u.kinds.size()); ++k)
    check(t.kinds[k].id == u.kinds[k].id && t.kinds[k].label == u.kinds[k].label, "span kind " + std::to_string(k));
  check(t.events.size() == u.events.size(), "event count");
  for (std::size_t e = 0; e < std::min(t.events.size(), u.events.size()); ++e) {
    const TraceEvent& x = t.events[e];
    const TraceEvent& y = u.events[e];
    check(x.row == y.row && x.start == y.start && x.end == y.end && x.kind == y.kind && x.subRowMask == y.subRowMask &&
              x.payload == y.payload,
          "event " + std::to_string(e));
  }
  const Grid& g = a.grid;
  const Grid& h = b.grid;
  check(g.rowAxisLabel == h.rowAxisLabel && g.columnAxisLabel == h.columnAxisLabel && g.rowLabels == h.rowLabels &&
            g.columnLabels == h.columnLabels && g.timeUnit == h.timeUnit,
        "grid labels or time unit");
  check(g.states.size() == h.states.size(), "cell state count");
  for (std::size_t s = 0; s < std::min(g.states.size(), h.states.size()); ++s)
    check(g.states[s].id == h.states[s].id && g.states[s].label == h.states[s].label, "cell state " + std::to_string(s));
  check(g.frames.size() == h.frames.size(), "frame count");
  for (std::size_t f = 0; f < std::min(g.frames.size(), h.frames.size()); ++f)
    check(g.frames[f].time == h.frames[f].time && g.frames[f].label == h.frames[f].label &&
              g.frames[f].cells == h.frames[f].cells && g.frames[f].text == h.frames[f].text,
          "frame " + std::to_string(f));
  check(g.changes.size() == h.changes.size(), "grid change count");
  for (std::size_t i = 0; i < std::min(g.changes.size(), h.changes.size()); ++i)
    check(g.changes[i].time == h.changes[i].time && g.changes[i].firstCell == h.changes[i].firstCell &&
              g.changes[i].count == h.changes[i].count && g.changes[i].state == h.changes[i].state,
          "grid change " + std::to_string(i));
  check(g.levels.size() == h.levels.size(), "grid level count");
  for (std::size_t i = 0; i < std::min(g.levels.size(), h.levels.size()); ++i)
    check(g.levels[i].name == h.levels[i].name && g.levels[i].columnsPerCell == h.levels[i].columnsPerCell,
          "grid level " + std::to_string(i));
  const Bars& c = a.bars;
  const Bars& d = b.bars;
  check(c.categoryLabel == d.categoryLabel && c.valueLabel == d.valueLabel && c.categories == d.categories,
        "bar labels or categories");
  check(c.series.size() == d.series.size(), "bar series count");
  for (std::size_t s = 0; s < std::min(c.series.size(), d.series.size()); ++s) {
    bool same = c.series[s].name == d.series[s].name && c.series[s].values.size() == d.series[s].values.size();
    for (std::size_t i = 0; same && i < c.series[s].values.size(); ++i) {
      const BarValue& x = c.series[s].values[i];
      const BarValue& y = d.series[s].values[i];
      same = x.value == y.value && x.low == y.low && x.high == y.high;
    }
    check(same, "bar series " + std::to_string(s));
  }
  const Listing& l = a.listing;
  const Listing& m = b.listing;
  check(l.caption == m.caption, "listing caption");
  check(l.states.size() == m.states.size(), "listing state count");
  for (std::size_t s = 0; s < std::min(l.states.size(), m.states.size()); ++s)
    check(l.states[s].id == m.states[s].id && l.states[s].label == m.states[s].label, "listing state " + std::to_string(s));
  check(l.lines.size() == m.lines.size(), "listing line count");
  for (std::size_t i = 0; i < std::min(l.lines.size(), m.lines.size()); ++i)
    check(l.lines[i].text == m.lines[i].text && l.lines[i].state == m.lines[i].state, "listing line " + std::to_string(i));
  if (diff.str().empty()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "view '" << a.id << "': " << diff.str();
}

}  // namespace warpscope::testing_views
