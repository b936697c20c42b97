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
  EXPECT_EQ(counters.gpuFaultedPages, 0u) << "no migration here was caused by a fault";
}

TEST(UmTrace, FaultedPagesCountOnlyMigrationsCausedByAFault) {
  std::vector<UmEvent> events;
  UmEvent faulted;  // the faulted 4 KiB page of a big page ...
  faulted.kind = UmEventKind::BytesHtoD;
  faulted.bytes = 4096;
  faulted.cause = UmCause::Coherence;
  events.push_back(faulted);
  UmEvent rest = faulted;  // ... and the driver's prefetch of the other 60 KiB
  rest.bytes = 61440;
  rest.cause = UmCause::Prefetch;
  events.push_back(rest);
  UmEvent peer = faulted;  // a GPU faulting on a page its peer holds
  peer.kind = UmEventKind::BytesDtoD;
  peer.bytes = 8192;
  events.push_back(peer);
  UmEvent back = faulted;  // a CPU fault pulling a page back is not a GPU's
  back.kind = UmEventKind::BytesDtoH;
  events.push_back(back);
  UmEvent user = faulted;  // cudaMemPrefetchAsync
  user.bytes = 2 << 20;
  user.cause = UmCause::User;
  events.push_back(user);
  EXPECT_EQ(countersFromEvents(events).gpuFaultedPages, 3u);
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
