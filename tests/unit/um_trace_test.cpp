// The unified-memory trace records (labs/um_common/um_trace.h): stable ids, counters added up from
// events, phases found by name.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "labs/um_common/um_trace.h"

using namespace warpscope::labs::um;

TEST(UmTrace, EventKindIdsAreUniqueAndStable) {
  std::set<std::string> ids;
  for (int k = 0; k <= static_cast<int>(UmEventKind::RemoteMap); ++k) ids.insert(eventKindId(static_cast<UmEventKind>(k)));
  EXPECT_EQ(ids.size(), 8u);
  EXPECT_STREQ(eventKindId(UmEventKind::GpuPageFault), "gpu-fault");
  EXPECT_STREQ(eventKindId(UmEventKind::BytesDtoH), "dtoh");
  EXPECT_STREQ(causeName(UmCause::Eviction), "eviction");
  EXPECT_STREQ(pageStateId(PageState::RemoteMapped), "remote-mapped");
  EXPECT_STREQ(processorName(Processor::Gpu1), "GPU 1");
}

TEST(UmTrace, CountersFromEventsAddBytesFaultGroupsAndEvictions) {
  std::vector<UmEvent> events;
  UmEvent h;
  h.kind = UmEventKind::BytesHtoD;
  h.bytes = 65536;
  events.push_back(h);
  events.push_back(h);
  UmEvent d;
  d.kind = UmEventKind::BytesDtoH;
  d.bytes = 4096;
  d.cause = UmCause::Eviction;
  events.push_back(d);
  UmEvent g;
  g.kind = UmEventKind::GpuPageFault;
  g.count = 37;
  events.push_back(g);
  UmEvent c;
  c.kind = UmEventKind::CpuPageFault;
  events.push_back(c);
  const UmCounters counters = countersFromEvents(events);
  EXPECT_EQ(counters.bytesHtoD, 131072u);
  EXPECT_EQ(counters.bytesDtoH, 4096u);
  EXPECT_EQ(counters.evictedBytes, 4096u);
  EXPECT_EQ(counters.gpuFaults, 37u);
  EXPECT_EQ(counters.gpuFaultGroups, 1u);
  EXPECT_EQ(counters.cpuFaults, 1u);
}

TEST(UmTrace, FindPhaseByNameAndGbps) {
  UmScenarioResult r;
  UmPhaseTiming p;
  p.name = "transfer";
  p.medianMs = p.minMs = p.maxMs = 2.0;
  p.bytes = 4000000000ull;
  r.phases.push_back(p);
  ASSERT_NE(r.findPhase("transfer"), nullptr);
  EXPECT_DOUBLE_EQ(r.findPhase("transfer")->gbps(), 2000.0);
  EXPECT_EQ(r.findPhase("kernel"), nullptr);
}
