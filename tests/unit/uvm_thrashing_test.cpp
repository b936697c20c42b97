// The anti-thrashing heuristic (labs/um_common/uvm_thrashing.h) and the um-thrashing model: detection
// at thrashing_threshold events within thrashing_lapse_us (and not when slower), throttling, then
// pinning and remote mapping after thrashing_pin_threshold throttles.
#include <gtest/gtest.h>

#include <algorithm>

#include "labs/um_common/um_model.h"
#include "labs/um_common/uvm_thrashing.h"
#include "labs/um_thrashing/um_thrashing_model.h"
#include "um_test_support.h"

using namespace warpscope;
using namespace warpscope::labs;
using namespace warpscope::labs::um;
using warpscope::um_test::shippedProfile;
using warpscope::um_test::withParam;

namespace {

/// The page alternates between the CPU and GPU 0 every gapUs; returns each fault's verdict.
std::vector<ThrashVerdict> pingPong(ThrashingDetector& d, int faults, double gapUs) {
  std::vector<ThrashVerdict> out;
  d.onMigrated(0, Processor::Cpu, 0);
  double t = 0;
  for (int i = 0; i < faults; ++i) {
    t += gapUs;
    const Processor p = i % 2 == 0 ? Processor::Gpu0 : Processor::Cpu;
    out.push_back(d.onFault(0, p, t));
    if (out.back().action == ThrashAction::Migrate || out.back().action == ThrashAction::Throttle) d.onMigrated(0, p, t + 1);
  }
  return out;
}

}  // namespace

TEST(ThrashingDetector, DetectsAtThresholdEventsWithinTheLapse) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, 1);
  const auto v = pingPong(d, 3, 100);
  EXPECT_EQ(v[0].action, ThrashAction::Migrate);
  EXPECT_EQ(v[1].action, ThrashAction::Migrate);
  EXPECT_TRUE(v[2].newlyThrashing);
  EXPECT_EQ(v[2].action, ThrashAction::Throttle);
  EXPECT_TRUE(d.thrashing(0));
}

TEST(ThrashingDetector, NoDetectionWhenAccessesAlternateSlowerThanTheLapse) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, 1);
  for (const ThrashVerdict& v : pingPong(d, 50, p.thrashingLapseUs + 100)) {
    EXPECT_FALSE(v.newlyThrashing);
    EXPECT_EQ(v.action, ThrashAction::Migrate);
  }
  EXPECT_FALSE(d.thrashing(0));
}

TEST(ThrashingDetector, ThrottlesThenPinsAfterPinThresholdThrottles) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, 1);
  const auto v = pingPong(d, 2 + p.thrashingPinThreshold + 2, 100);
  int throttles = 0;
  for (std::size_t i = 2; i < 2 + static_cast<std::size_t>(p.thrashingPinThreshold); ++i) {
    EXPECT_EQ(v[i].action, ThrashAction::Throttle) << i;
    ++throttles;
  }
  EXPECT_EQ(throttles, p.thrashingPinThreshold);
  EXPECT_EQ(v[2 + static_cast<std::size_t>(p.thrashingPinThreshold)].action, ThrashAction::Pin);
  EXPECT_EQ(v.back().action, ThrashAction::Remote);  // pinned: mapped remotely, not migrated
  EXPECT_TRUE(d.pinned(0, 2000));
  EXPECT_FALSE(d.pinned(0, 1e9));  // thrashing_pin_ms later the pin is gone
}

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
