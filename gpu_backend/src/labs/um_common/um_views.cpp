#include "labs/um_common/um_views.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "core/sweep_format.h"

namespace warpscope::labs::um {

namespace {

/// The processor a row of the timeline belongs to: where a migration went (DtoH: where it came
/// from, so each GPU's evictions sit with it), the faulting or throttled processor otherwise.
Processor rowProcessor(const UmEvent& e) {
  if (e.kind == UmEventKind::BytesDtoH) return e.source;
  return e.destination;
}

std::string hexOffset(std::uint64_t offset) {
  char text[32];
  std::snprintf(text, sizeof text, "+0x%llx", static_cast<unsigned long long>(offset));
  return text;
}

std::string payloadOf(const UmEvent& e) {
  std::ostringstream text;
  switch (e.kind) {
    case UmEventKind::BytesHtoD:
    case UmEventKind::BytesDtoH:
    case UmEventKind::BytesDtoD:
      text << bytesText(static_cast<double>(e.bytes)) << ' ' << processorName(e.source) << " -> "
           << processorName(e.destination) << ", cause " << causeName(e.cause);
      break;
    case UmEventKind::GpuPageFault:
      text << e.count << " fault" << (e.count == 1 ? "" : "s") << " in the batch";
      if (e.access != FaultAccess::Unknown) text << " (" << accessName(e.access) << ")";
      break;
    case UmEventKind::CpuPageFault:
      text << "CPU fault";
      if (e.access != FaultAccess::Unknown) text << " (" << accessName(e.access) << ")";
      break;
    case UmEventKind::RemoteMap:
      text << bytesText(static_cast<double>(e.bytes)) << " mapped for " << processorName(e.destination)
           << ", cause " << causeName(e.cause);
      break;
    default:
      text << bytesText(static_cast<double>(e.bytes)) << ", " << processorName(e.destination);
      break;
  }
  text << " at " << hexOffset(e.address);
  return text.str();
}

constexpr UmEventKind kRowOrder[] = {UmEventKind::CpuPageFault, UmEventKind::GpuPageFault, UmEventKind::BytesHtoD,
                                     UmEventKind::BytesDtoH,    UmEventKind::BytesDtoD,    UmEventKind::Thrashing,
                                     UmEventKind::Throttling,   UmEventKind::RemoteMap};

}  // namespace

View umTimelineView(const LabSpec& lab, const std::string& viewId, const UmTrace& trace,
                    const std::string& scenarioName) {
  View view = declaredView(lab, viewId);
  view.title += ": " + scenarioName;
  Timeline& t = view.timeline;
  t.timeLabel = "Time (us)";
  t.timeUnit = "us";
  for (UmEventKind kind : kRowOrder) t.kinds.push_back({eventKindId(kind), eventKindLabel(kind)});
  if (!trace.captured) {
    view.title += " (no trace: " + trace.unavailableReason + ")";
    return view;
  }
  if (!trace.unavailableReason.empty()) view.title += " (trace incomplete)";  // the notes say why
  bool secondGpu = false;
  for (const UmEvent& e : trace.events)
    if (e.kind != UmEventKind::CpuPageFault && e.kind != UmEventKind::Thrashing)
      secondGpu = secondGpu || e.source == Processor::Gpu1 || e.destination == Processor::Gpu1;
  // Rows: CPU faults, then each GPU's kinds (DtoD only with two GPUs).
  std::map<std::pair<int, int>, int> rowOf;  // (kind, processor) -> row
  auto addRow = [&](UmEventKind kind, Processor processor) {
    rowOf[{static_cast<int>(kind), static_cast<int>(processor)}] = static_cast<int>(t.rows.size());
    t.rows.push_back({eventKindLabel(kind), processorName(processor), 0});
  };
  addRow(UmEventKind::CpuPageFault, Processor::Cpu);
  addRow(UmEventKind::Throttling, Processor::Cpu);  // the driver holding CPU threads off a range
  for (Processor gpu : {Processor::Gpu0, Processor::Gpu1}) {
    if (gpu == Processor::Gpu1 && !secondGpu) break;
    for (UmEventKind kind : kRowOrder) {
      if (kind == UmEventKind::CpuPageFault) continue;
      if (kind == UmEventKind::BytesDtoD && !secondGpu) continue;
      addRow(kind, gpu);
    }
  }
  t.events.reserve(trace.events.size());
  for (const UmEvent& e : trace.events) {
    const Processor p = e.kind == UmEventKind::CpuPageFault ? Processor::Cpu : rowProcessor(e);
    // Rows are (kind, processor); what has no row of its own (thrashing seen from the CPU) sits in GPU 0's.
    auto row = rowOf.find({static_cast<int>(e.kind), static_cast<int>(p)});
    if (row == rowOf.end()) row = rowOf.find({static_cast<int>(e.kind), static_cast<int>(Processor::Gpu0)});
    if (row == rowOf.end()) continue;
    t.events.push_back({row->second, e.startUs, std::max(e.endUs, e.startUs), eventKindId(e.kind), 0, payloadOf(e)});
  }
  return view;
}

View pageMapView(const LabSpec& lab, const std::string& viewId, const UmTrace& trace, const std::string& scenarioName) {
  View view = declaredView(lab, viewId);
  view.title += ": " + scenarioName;
  if (trace.captured && !trace.unavailableReason.empty()) view.title += " (trace incomplete)";  // the notes say why
  Grid& g = view.grid;
  g.timeUnit = "us";
  for (int s = 0; s < kPageStateCount; ++s)
    g.states.push_back({pageStateId(static_cast<PageState>(s)), pageStateLabel(static_cast<PageState>(s))});
  const std::uint64_t pages = std::max<std::uint64_t>(1, (trace.allocationBytes + kPageBytes - 1) / kPageBytes);
  const int columns = static_cast<int>(std::min<std::uint64_t>(pages, kPagesPerChunk));
  const int rows = static_cast<int>((pages + columns - 1) / columns);
  g.rowAxisLabel = "2 MiB chunk (offset into the allocation)";
  g.columnAxisLabel = "4 KiB page within the chunk";
  g.rowLabels.reserve(rows);
  for (int r = 0; r < rows; ++r) g.rowLabels.push_back("+" + std::to_string(2 * r) + " MiB");
  g.columnLabels.reserve(columns);
  for (int c = 0; c < columns; ++c) g.columnLabels.push_back(std::to_string(c));
  if (columns == kPagesPerChunk) g.levels = {{"64 KiB blocks", kPagesPerBlock}, {"2 MiB chunks", kPagesPerChunk}};

  GridFrame start;
  start.time = 0;
  start.label = "start";
  start.cells.assign(static_cast<std::size_t>(rows) * columns, static_cast<int>(trace.initialState));
  g.frames.push_back(std::move(start));
  const int cellCount = rows * columns;
  g.changes.reserve(trace.residency.size());
  for (const ResidencyChange& c : trace.residency) {
    if (static_cast<int>(c.firstPage) >= cellCount) continue;
    const int count = std::min<int>(static_cast<int>(c.pageCount), cellCount - static_cast<int>(c.firstPage));
    g.changes.push_back({c.timeUs, static_cast<int>(c.firstPage), count, static_cast<int>(c.state)});
  }
  std::stable_sort(g.changes.begin(), g.changes.end(),
                   [](const GridChange& a, const GridChange& b) { return a.time < b.time; });
  if (!trace.captured) view.title += " (no trace: " + trace.unavailableReason + ")";
  return view;
}

Bars scenarioBars(const std::string& categoryLabel, const std::string& valueLabel,
                  const std::vector<UmScenarioResult>& scenarios, const std::vector<ScenarioFigure>& figures,
                  const std::vector<UmScenarioResult>& model) {
  Bars bars;
  bars.categoryLabel = categoryLabel;
  bars.valueLabel = valueLabel;
  for (const UmScenarioResult& s : scenarios) bars.categories.push_back(s.name);
  for (const ScenarioFigure& figure : figures) {
    BarSeries measured{figure.name, {}};
    for (const UmScenarioResult& s : scenarios) measured.values.push_back(figure.value(s));
    bars.series.push_back(std::move(measured));
    if (model.empty()) continue;
    BarSeries modelled{figure.name + " (model)", {}};
    for (const UmScenarioResult& s : scenarios) {
      const UmScenarioResult* m = findScenario(model, s.name);
      modelled.values.push_back(m ? figure.value(*m) : BarValue{});
    }
    bars.series.push_back(std::move(modelled));
  }
  return bars;
}

BarValue phaseGbps(const UmScenarioResult& scenario, const std::string& phase) {
  const UmPhaseTiming* p = scenario.findPhase(phase);
  if (!p) return {};
  return {p->gbps(), p->gbpsLow(), p->gbpsHigh()};
}

BarValue phaseMs(const UmScenarioResult& scenario, const std::string& phase) {
  const UmPhaseTiming* p = scenario.findPhase(phase);
  if (!p) return {};
  return {p->medianMs, p->minMs, p->maxMs};
}

BarValue exactBar(double value) { return {value, value, value}; }

ScenarioFigure counterFigure(std::string name, std::uint64_t UmCounters::*counter) {
  return {std::move(name),
          [counter](const UmScenarioResult& s) { return exactBar(static_cast<double>(s.counters.*counter)); }};
}

ScenarioFigure mebibyteFigure(std::string name, std::uint64_t UmCounters::*counter) {
  return {std::move(name), [counter](const UmScenarioResult& s) { return exactBar(mebibytes(s.counters.*counter)); }};
}

std::string traceNote(const UmScenarioResult& traced) {
  const UmTrace& t = traced.trace;
  std::ostringstream note;
  if (!t.captured) {
    note << "No unified-memory trace of " << traced.name << ": " << t.unavailableReason
         << ". The timeline and page map are empty; the timings stand.";
    return note.str();
  }
  note << "Timeline and page map: " << traced.name << ", from " << t.source << ": " << t.events.size()
       << " events and " << t.residency.size() << " residency changes over " << std::lround(t.durationUs) << " us";
  if (t.droppedRecords > 0)
    note << "; " << t.droppedRecords << " records were DROPPED (CUPTI's buffers overflowed), so counts are low";
  note << '.';
  if (!t.unavailableReason.empty())
    note << " The trace may be incomplete (" << t.unavailableReason << "): its counts are lower bounds.";
  return note.str();
}

const UmScenarioResult& shownScenario(const std::vector<UmScenarioResult>& scenarios, const std::string& name,
                                      UmScenarioResult& missing) {
  if (const UmScenarioResult* s = findScenario(scenarios, name)) return *s;
  missing = UmScenarioResult{};
  missing.name = name;
  missing.trace.unavailableReason = "the scenario did not run";
  return missing;
}

const UmScenarioResult* findScenario(const std::vector<UmScenarioResult>& scenarios, const std::string& name) {
  for (const UmScenarioResult& s : scenarios)
    if (s.name == name) return &s;
  return nullptr;
}

std::string granularityName(std::uint64_t warpChunkBytes) {
  if (warpChunkBytes <= 128) return "thread/4B";
  if (warpChunkBytes == 65536) return "warp/64KB";
  if (warpChunkBytes >= (1u << 20)) return std::to_string(warpChunkBytes >> 20) + " MiB/warp";
  if (warpChunkBytes >= 1024) return std::to_string(warpChunkBytes >> 10) + " KiB/warp";
  return std::to_string(warpChunkBytes) + " B/warp";
}

double mebibytes(std::uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

std::string bytesText(double bytes) {
  char text[32];
  if (bytes >= 1024.0 * 1024 * 1024)
    std::snprintf(text, sizeof text, "%.3g GiB", bytes / (1024.0 * 1024 * 1024));
  else if (bytes >= 1024.0 * 1024)
    std::snprintf(text, sizeof text, "%.3g MiB", bytes / (1024.0 * 1024));
  else if (bytes >= 1024.0)
    std::snprintf(text, sizeof text, "%.3g KiB", bytes / 1024.0);
  else
    std::snprintf(text, sizeof text, "%.0f B", bytes);
  return text;
}

}  // namespace warpscope::labs::um
