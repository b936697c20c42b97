// The views every um-* room shares, from synthetic records: the profiler timeline's rows and spans,
// the page map's geometry and changes, and the bars' measured-beside-model series.
#include <gtest/gtest.h>

#include "labs/um_common/um_views.h"
#include "labs/um_streaming/um_streaming_lab.h"

namespace warpscope::labs::um {
namespace {

const LabSpec& lab() { return umStreamingSpec(); }

UmTrace twoChunkTrace() {
  UmTrace t;
  t.allocationBytes = 4ull << 20;  // 2 chunks, 1024 pages
  t.initialState = PageState::Cpu;
  t.captured = true;
  t.source = "test";
  UmEvent fault;
  fault.kind = UmEventKind::GpuPageFault;
  fault.startUs = 10;
  fault.endUs = 30;
  fault.count = 17;
  fault.access = FaultAccess::Read;
  UmEvent htod;
  htod.kind = UmEventKind::BytesHtoD;
  htod.startUs = 12;
  htod.endUs = 20;
  htod.bytes = 64 * 1024;
  htod.address = 2 << 20;
  htod.cause = UmCause::Coherence;
  UmEvent cpu;
  cpu.kind = UmEventKind::CpuPageFault;
  cpu.startUs = cpu.endUs = 40;
  t.events = {fault, htod, cpu};
  t.residency = {{20, 512, 16, PageState::Gpu0}, {15, 0, 1, PageState::Evicting}};
  t.durationUs = 40;
  return t;
}

TEST(UmTimelineView, OneRowPerKindAndProcessorWithCauseAndSizeInTheTooltip) {
  const View v = umTimelineView(lab(), "um-timeline", twoChunkTrace(), "on-demand thread/4B");
  ASSERT_EQ(v.kind, ViewKind::Timeline);
  EXPECT_NE(v.title.find("on-demand thread/4B"), std::string::npos);
  // CPU faults and CPU throttling + the GPU 0 kinds without DtoD (one GPU).
  EXPECT_EQ(v.timeline.rows.size(), 8u);
  EXPECT_EQ(v.timeline.rows.front().group, "CPU");
  ASSERT_EQ(v.timeline.events.size(), 3u);
  const TraceEvent& htod = v.timeline.events[1];
  EXPECT_EQ(htod.kind, "htod");
  EXPECT_NE(htod.payload.find("64 KiB"), std::string::npos) << htod.payload;
  EXPECT_NE(htod.payload.find("coherence"), std::string::npos) << htod.payload;
  EXPECT_NE(htod.payload.find("+0x200000"), std::string::npos) << htod.payload;
  EXPECT_NE(v.timeline.events[0].payload.find("17 faults"), std::string::npos);
  EXPECT_EQ(v.timeline.timeUnit, "us");
}

TEST(UmTimelineView, ASecondGpuAddsItsRowsAndDeviceToDevice) {
  UmTrace t = twoChunkTrace();
  UmEvent dtod;
  dtod.kind = UmEventKind::BytesDtoD;
  dtod.source = Processor::Gpu0;
  dtod.destination = Processor::Gpu1;
  dtod.bytes = 2 << 20;
  t.events.push_back(dtod);
  const View v = umTimelineView(lab(), "um-timeline", t, "x");
  EXPECT_EQ(v.timeline.rows.size(), 2u + 2u * 7u);
  EXPECT_EQ(v.timeline.rows[v.timeline.events.back().row].group, "GPU 1");
}

TEST(UmTimelineView, AnUncapturedTraceSaysWhyInTheTitleAndHasNoEvents) {
  UmTrace t;
  t.unavailableReason = "CUPTI: unified memory profiling is not supported (WSL)";
  const View v = umTimelineView(lab(), "um-timeline", t, "prefetch");
  EXPECT_TRUE(v.timeline.events.empty());
  EXPECT_NE(v.title.find("WSL"), std::string::npos);
}

TEST(UmTimelineView, AnIncompleteTraceIsMarkedOnTheTimelineAndThePageMap) {
  UmTrace t = twoChunkTrace();
  const std::size_t events = t.events.size();
  t.unavailableReason = "incomplete: GPU 1 received 0 of at least 128 MiB in the records";
  const View timeline = umTimelineView(lab(), "um-timeline", t, "first touch");
  const View map = pageMapView(lab(), "page-map", t, "first touch");
  EXPECT_NE(timeline.title.find("(trace incomplete)"), std::string::npos) << timeline.title;
  EXPECT_NE(map.title.find("(trace incomplete)"), std::string::npos) << map.title;
  EXPECT_EQ(timeline.timeline.events.size(), events);  // what was recorded is still drawn
  EXPECT_EQ(umTimelineView(lab(), "um-timeline", twoChunkTrace(), "x").title.find("incomplete"), std::string::npos);
}

TEST(PageMapView, OneRowPerChunkOneColumnPerPageWithLevelsAndSortedChanges) {
  const View v = pageMapView(lab(), "page-map", twoChunkTrace(), "x");
  ASSERT_EQ(v.kind, ViewKind::Grid);
  const Grid& g = v.grid;
  EXPECT_EQ(g.rows(), 2);
  EXPECT_EQ(g.columns(), 512);
  ASSERT_EQ(g.frames.size(), 1u);
  EXPECT_EQ(g.frames[0].cells.size(), 1024u);
  EXPECT_EQ(g.frames[0].cells[7], static_cast<int>(PageState::Cpu));
  ASSERT_EQ(g.states.size(), static_cast<std::size_t>(kPageStateCount));
  EXPECT_EQ(g.states[static_cast<int>(PageState::Gpu0)].id, "gpu0");
  ASSERT_EQ(g.levels.size(), 2u);
  EXPECT_EQ(g.levels[0].columnsPerCell, 16);
  EXPECT_EQ(g.levels[1].columnsPerCell, 512);
  ASSERT_EQ(g.changes.size(), 2u);
  EXPECT_LE(g.changes[0].time, g.changes[1].time) << "sorted by time";
  EXPECT_EQ(g.changes[1].firstCell, 512);
  EXPECT_EQ(g.changes[1].count, 16);
}

TEST(PageMapView, ASmallAllocationIsOneRowOfItsPagesAndChangesPastItsEndAreClipped) {
  UmTrace t;
  t.allocationBytes = 64 * 1024;
  t.captured = true;
  t.residency = {{1, 8, 100, PageState::Gpu0}, {2, 40, 1, PageState::Cpu}};
  const View v = pageMapView(lab(), "page-map", t, "x");
  EXPECT_EQ(v.grid.rows(), 1);
  EXPECT_EQ(v.grid.columns(), 16);
  EXPECT_TRUE(v.grid.levels.empty());
  ASSERT_EQ(v.grid.changes.size(), 1u);
  EXPECT_EQ(v.grid.changes[0].count, 8);
}

TEST(ScenarioBars, MeasuredBarsGetAModelSeriesMatchedByScenarioName) {
  UmScenarioResult a, b, ma;
  a.name = "prefetch";
  a.phases = {{"transfer", 10, 9, 12, 500'000'000}};
  b.name = "memcpy pinned";
  b.phases = {{"transfer", 5, 5, 5, 500'000'000}};
  ma = a;
  ma.phases[0].medianMs = ma.phases[0].minMs = ma.phases[0].maxMs = 20;
  const Bars bars = scenarioBars("Mode", "GB/s", {a, b},
                                 {{"GB/s", [](const UmScenarioResult& s) { return phaseGbps(s, "transfer"); }}}, {ma});
  ASSERT_EQ(bars.categories, (std::vector<std::string>{"prefetch", "memcpy pinned"}));
  ASSERT_EQ(bars.series.size(), 2u);
  EXPECT_DOUBLE_EQ(bars.series[0].values[0].value, 50.0);
  EXPECT_NEAR(bars.series[0].values[0].low, 500e6 / 12e6, 1e-9) << "slowest repetition";
  EXPECT_EQ(bars.series[1].name, "GB/s (model)");
  EXPECT_DOUBLE_EQ(bars.series[1].values[0].value, 25.0);
  EXPECT_DOUBLE_EQ(bars.series[1].values[1].value, 0.0) << "no model scenario of that name";
}

TEST(GranularityName, UsesTheSeedsNames) {
  EXPECT_EQ(granularityName(128), "thread/4B");
  EXPECT_EQ(granularityName(65536), "warp/64KB");
  EXPECT_EQ(granularityName(4096), "4 KiB/warp");
  EXPECT_EQ(granularityName(2 << 20), "2 MiB/warp");
}

}  // namespace
}  // namespace warpscope::labs::um
