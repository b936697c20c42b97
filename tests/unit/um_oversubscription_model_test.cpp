// um-oversubscription's scenarios on the simulator's unified-memory model: eviction only past GPU
// memory, the scale models agreeing, ReadMostly evictions dropping copies, and the large working
// sets against the streaming model below the limit.
#include <gtest/gtest.h>

#include "labs/um_oversubscription/um_oversubscription_model.h"
#include "labs/um_streaming/um_streaming_model.h"
#include "um_test_support.h"

namespace warpscope::labs::um {
namespace {

using um_test::shippedProfile;
using um_test::withGpuMemory;

TEST(UmOversubscriptionModel, EvictsOnlyPastDeviceMemory) {
  const auto profile = withGpuMemory(64.0 * (1 << 20));
  for (const std::uint64_t chunk : {std::uint64_t{128}, std::uint64_t{65536}}) {
    OversubscriptionScenario below{48.0 * (1 << 20), chunk, false, 1};
    OversubscriptionScenario above{96.0 * (1 << 20), chunk, false, 1};
    const UmScenarioResult b = simulateOversubscriptionScenario(profile, below);
    const UmScenarioResult a = simulateOversubscriptionScenario(profile, above);
    EXPECT_EQ(b.counters.evictedBytes, 0u) << chunk;
    EXPECT_EQ(b.counters.bytesDtoH, 0u) << chunk;
    EXPECT_GE(a.counters.evictedBytes, 32ull << 20) << chunk;
    EXPECT_GT(a.counters.bytesDtoH, 0u) << chunk;
    EXPECT_LT(a.findPhase("transfer")->gbps(), b.findPhase("transfer")->gbps()) << chunk;
    EXPECT_EQ(a.findPhase("transfer")->bytes, 96ull << 20);
  }
}

TEST(UmOversubscriptionModel, AnUntracedPointOnItsCoarserScaleModelGivesTheSameThroughput) {
  // A sweep point nobody sees the trace of runs on a 64 MiB scale model; the one shown on a
  // 256 MiB one. Their GB/s must agree, below and past the limit, or the curve would kink there.
  const auto profile = withGpuMemory(256.0 * (1 << 20));
  for (const double ratio : {0.5, 1.05, 1.5, 3.0}) {
    for (const bool readMostly : {false, true}) {
      OversubscriptionScenario traced{ratio * 256 * (1 << 20), 128, readMostly, 2};
      OversubscriptionScenario untraced = traced;
      untraced.traced = false;
      const UmScenarioResult a = simulateOversubscriptionScenario(profile, traced);
      const UmScenarioResult b = simulateOversubscriptionScenario(profile, untraced);
      EXPECT_NEAR(b.findPhase("transfer")->gbps(), a.findPhase("transfer")->gbps(), 0.01 * a.findPhase("transfer")->gbps())
          << "ratio " << ratio << (readMostly ? " ReadMostly" : "");
      EXPECT_FALSE(a.trace.residency.empty());
      EXPECT_TRUE(b.trace.residency.empty()) << "an untraced point keeps no page map";
    }
  }
}

TEST(UmOversubscriptionModel, ReadMostlyEvictionsDropCopiesWithoutTransfers) {
  const auto profile = withGpuMemory(64.0 * (1 << 20));
  const UmScenarioResult plain = simulateOversubscriptionScenario(profile, {96.0 * (1 << 20), 65536, false, 1});
  const UmScenarioResult rm = simulateOversubscriptionScenario(profile, {96.0 * (1 << 20), 65536, true, 1});
  EXPECT_GT(rm.counters.evictedBytes, 0u);
  EXPECT_EQ(rm.counters.bytesDtoH, 0u);
  EXPECT_GT(rm.findPhase("transfer")->gbps(), plain.findPhase("transfer")->gbps());
}

TEST(UmOversubscriptionModel, LargeWorkingSetsRunOnAScaleModelAndKeepTheRatio) {
  const auto& profile = shippedProfile("h200");
  const double memory = static_cast<double>(profile.info.globalMemBytes);
  const UmScenarioResult below = simulateOversubscriptionScenario(profile, {0.5 * memory, 128, false, 1});
  const UmScenarioResult above = simulateOversubscriptionScenario(profile, {1.5 * memory, 128, false, 1});
  EXPECT_EQ(below.counters.evictedBytes, 0u);
  EXPECT_NEAR(static_cast<double>(above.counters.evictedBytes), 0.5 * memory, 0.02 * memory);
  EXPECT_LT(above.findPhase("transfer")->gbps(), below.findPhase("transfer")->gbps());
  // Below the limit the curve is the streaming model's thread/4B (256 MiB, the same H200).
  const UmScenarioResult streaming =
      simulateStreamingScenario(profile, {StreamingMode::OnDemand, 256ull << 20, 128});
  EXPECT_NEAR(below.findPhase("transfer")->gbps(), streaming.findPhase("transfer")->gbps(), 0.2);
}

}  // namespace
}  // namespace warpscope::labs::um
