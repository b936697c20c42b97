#include "labs/um_fault_path/um_fault_group_views.h"

#include <algorithm>
#include <cstdio>

#include "core/sweep_format.h"
#include "labs/um_common/um_views.h"
#include "labs/um_fault_path/um_fault_groups.h"

namespace warpscope::labs {

namespace {

std::string offsetText(std::uint64_t offset) {
  char text[32];
  std::snprintf(text, sizeof text, "+0x%llx", static_cast<unsigned long long>(offset));
  return text;
}

std::string groupText(std::size_t index, const FaultGroup& g, bool measured) {
  char text[200];
  std::snprintf(text, sizeof text, "%s %zu: %llu fault%s, %.1f us, %llu pages migrated in %llu copies",
                measured ? "Fault group" : "Fault batch", index + 1, static_cast<unsigned long long>(g.faults),
                g.faults == 1 ? "" : "s", g.durationUs(), static_cast<unsigned long long>(g.pagesMigrated),
                static_cast<unsigned long long>(g.copies));
  return text;
}

/// Rows: the groups, then the copies by cause (faulted pages, the driver's prefetch, the rest:
/// a row only when the trace has such a copy).
enum Row : int { kGroupsRow = 0, kFaultedRow, kPrefetchRow, kOtherRow };

int copyRow(um::UmCause cause) {
  if (cause == um::UmCause::Coherence) return kFaultedRow;
  if (cause == um::UmCause::Prefetch) return kPrefetchRow;
  return kOtherRow;
}

/// Span kinds. Back-to-back groups (the model's batches) would read as one bar: every other group
/// takes a second colour, so each one's extent shows.
constexpr const char* kGroupKind = "gpu-fault";
constexpr const char* kNextGroupKind = "gpu-fault-next";
const char* copyKind(int row) {
  return row == kFaultedRow ? "htod" : row == kPrefetchRow ? "htod-prefetch" : "htod-other";
}

View groupTimeline(const LabSpec& lab, const um::UmScenarioResult& run, bool measured) {
  View v = declaredView(lab, "fault-groups");
  v.title += measured ? ": measured (CUPTI)" : ": the model's batches";
  Timeline& tl = v.timeline;
  tl.timeLabel = "Time from the kernel's first fault (us)";
  tl.timeUnit = "us";
  const std::string groups = measured ? "Fault groups" : "Fault batches";
  // No row groups: their labels would take the width the row labels need at 1280x720.
  tl.rows = {{groups, "", 0}, {"Faulted copies", "", 0}, {"Prefetch copies", "", 0}};
  tl.kinds = {{kGroupKind, groups + " 1, 3, 5, ..."},
              {kNextGroupKind, groups + " 2, 4, 6, ..."},
              {copyKind(kFaultedRow), "Copy of faulted pages"},
              {copyKind(kPrefetchRow), "Copy of the driver's prefetch"}};
  const um::UmTrace& trace = run.trace;
  if (!trace.captured) {
    v.title += " (no trace: " + trace.unavailableReason + ")";
    return v;
  }
  if (!trace.unavailableReason.empty()) v.title += " (trace incomplete)";  // the notes say why
  const FaultGroupTable table = faultGroupsOf(trace);
  // Times from the first group (the kernel's first fault): CUPTI's clock starts at the capture.
  double t0 = table.groups.empty() ? 0 : table.groups.front().startUs;
  for (const um::UmEvent& e : trace.events)
    if (e.kind == um::UmEventKind::BytesHtoD) t0 = std::min(t0, e.startUs);
  for (std::size_t i = 0; i < table.groups.size(); ++i) {
    const FaultGroup& g = table.groups[i];
    tl.events.push_back(
        {kGroupsRow, g.startUs - t0, g.endUs - t0, i % 2 ? kNextGroupKind : kGroupKind, 0, groupText(i, g, measured)});
    tl.steps.push_back(g.startUs - t0);
  }
  for (const um::UmEvent& e : trace.events) {
    if (e.kind != um::UmEventKind::BytesHtoD) continue;
    const int row = copyRow(e.cause);
    if (row == kOtherRow && tl.rows.size() == static_cast<std::size_t>(kOtherRow)) {
      tl.rows.push_back({"Other copies", "", 0});
      tl.kinds.push_back({copyKind(kOtherRow), "Copy for another cause"});
    }
    tl.events.push_back({row, e.startUs - t0, std::max(e.endUs, e.startUs) - t0, copyKind(row), 0,
                         um::bytesText(static_cast<double>(e.bytes)) + " host to GPU, cause " + um::causeName(e.cause) +
                             ", at " + offsetText(e.address)});
  }
  std::sort(tl.steps.begin(), tl.steps.end());
  tl.steps.erase(std::unique(tl.steps.begin(), tl.steps.end()), tl.steps.end());
  return v;
}

Series groupSeries(const std::string& name, const FaultGroupTable& table, double key, bool pages) {
  Series s{name, {}, key};
  for (std::size_t i = 0; i < table.groups.size(); ++i) {
    const FaultGroup& g = table.groups[i];
    const double y = pages ? static_cast<double>(g.pagesMigrated) : g.durationUs();
    s.points.push_back({static_cast<double>(i + 1), y, y, y});
  }
  return s;
}

}  // namespace

std::vector<View> faultGroupViews(const LabSpec& lab, const um::UmScenarioResult* measured,
                                  const um::UmScenarioResult& model) {
  const FaultGroupTable modelTable = faultGroupsOf(model.trace);
  const bool haveMeasured = measured && measured->trace.captured;
  const FaultGroupTable measuredTable = haveMeasured ? faultGroupsOf(measured->trace) : FaultGroupTable{};
  std::vector<View> views;
  views.push_back(groupTimeline(lab, measured ? *measured : model, measured != nullptr));
  for (const bool pages : {false, true}) {
    View v = declaredView(lab, pages ? "fault-group-pages" : "fault-group-durations");
    v.xLabel = "Fault group, in the order they began";
    v.yLabel = pages ? "Pages migrated in the group (4 KiB)" : "Duration of the group (us)";
    if (haveMeasured) v.series.push_back(groupSeries(kMeasuredGroupsSeries, measuredTable, 0, pages));
    v.series.push_back(groupSeries(kModelGroupsSeries, modelTable, 1, pages));
    views.push_back(std::move(v));
  }
  return views;
}

}  // namespace warpscope::labs
