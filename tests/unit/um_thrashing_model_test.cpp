// um-thrashing's scenarios on the simulator's unified-memory model: shared pages thrash, then the
// driver throttles, pins and maps them remotely; no thrashing when the lapse is shorter than the
// ping-pong; AccessedBy and ReadMostly as the mitigations.
#include <gtest/gtest.h>

#include <algorithm>

#include "labs/um_thrashing/um_thrashing_model.h"
#include "um_test_support.h"

namespace warpscope::labs::um {
namespace {

using um_test::shippedProfile;
using um_test::withParam;

TEST(UmThrashingModel, SharedPagesThrashThenThrottleThenPinAndMapRemotely) {
  const auto profile = withParam("uvm", "thrashing_pin_threshold", 2);
  ThrashingScenario s;
  s.sharedFraction = 0.02;
  const UmScenarioResult r = simulateThrashingScenario(profile, s);
  EXPECT_GT(r.counters.thrashingEvents, 0u);
  EXPECT_GT(r.counters.throttlingEvents, 0u);
  EXPECT_GT(r.counters.remoteMapEvents, 0u);
  EXPECT_TRUE(std::any_of(r.trace.events.begin(), r.trace.events.end(), [](const UmEvent& e) {
    return e.kind == UmEventKind::RemoteMap && e.cause == UmCause::Thrashing;
  }));
  EXPECT_TRUE(std::any_of(r.trace.residency.begin(), r.trace.residency.end(),
                          [](const ResidencyChange& c) { return c.state == PageState::Pinned; }));
  ASSERT_NE(r.findPhase("kernel"), nullptr);
  ASSERT_NE(r.findPhase("cpu"), nullptr);
}

TEST(UmThrashingModel, NoThrashingWhenTheLapseIsShorterThanThePingPong) {
  const auto profile = withParam("uvm", "thrashing_lapse_us", 5);
  ThrashingScenario s;
  s.sharedFraction = 0.02;
  const UmScenarioResult r = simulateThrashingScenario(profile, s);
  EXPECT_EQ(r.counters.thrashingEvents, 0u);
  EXPECT_EQ(r.counters.throttlingEvents, 0u);
  EXPECT_GT(r.counters.cpuFaults, 0u);  // the pages still ping-pong
}

TEST(UmThrashingModel, AccessedByGpuAvoidsMigrationAltogether) {
  ThrashingScenario s;
  s.sharedFraction = 0.02;
  s.policy = UmPolicy::AccessedByGpu;
  const UmScenarioResult r = simulateThrashingScenario(shippedProfile("h200"), s);
  EXPECT_EQ(r.counters.gpuFaults, 0u);
  EXPECT_EQ(r.counters.thrashingEvents, 0u);
  EXPECT_EQ(r.counters.bytesHtoD + r.counters.bytesDtoH, 0u);
}

TEST(UmThrashingModel, ReadMostlyRangesAreNotTrackedForThrashing) {
  // thrashing_event_cb forgets pages of a range with read duplication enabled, written or not.
  ThrashingScenario s;
  s.sharedFraction = 0.05;
  const UmScenarioResult none = simulateThrashingScenario(shippedProfile("h200"), s);
  s.policy = UmPolicy::ReadMostly;
  const UmScenarioResult readMostly = simulateThrashingScenario(shippedProfile("h200"), s);
  EXPECT_GT(none.counters.thrashingEvents, 0u);
  EXPECT_EQ(readMostly.counters.thrashingEvents, 0u);
  EXPECT_EQ(readMostly.counters.throttlingEvents, 0u);
}

}  // namespace
}  // namespace warpscope::labs::um
