// um-multi-gpu's scenarios on the simulator's unified-memory model: read duplication, first-touch
// placement, remote mapping against migration, and the peer link's bandwidth.
#include <gtest/gtest.h>

#include "labs/um_common/um_model.h"
#include "labs/um_multi_gpu/um_multi_gpu_model.h"
#include "um_test_support.h"

namespace warpscope::labs::um {
namespace {

using um_test::hasState;
using um_test::shippedProfile;

TEST(UmMultiGpuModel, ReadMostlyDuplicatesOnBothGpus) {
  const UmScenarioResult r = simulateMultiGpuScenario(shippedProfile("h200"), {MultiGpuMode::ReadDuplicate, 16ull << 20, 2});
  EXPECT_EQ(r.counters.bytesHtoD, 2 * (16ull << 20));
  EXPECT_EQ(r.counters.bytesDtoD, 0u);
  EXPECT_TRUE(hasState(r.trace, PageState::Duplicated));
  ASSERT_NE(r.findPhase("gpu0"), nullptr);
  ASSERT_NE(r.findPhase("gpu1"), nullptr);
}

TEST(UmMultiGpuModel, FirstTouchSplitsTheDataBetweenTheGpus) {
  const UmScenarioResult r = simulateMultiGpuScenario(shippedProfile("h200"), {MultiGpuMode::FirstTouch, 16ull << 20, 2});
  EXPECT_EQ(r.counters.bytesHtoD, 16ull << 20);
  EXPECT_TRUE(hasState(r.trace, PageState::Gpu0));
  EXPECT_TRUE(hasState(r.trace, PageState::Gpu1));
}

TEST(UmMultiGpuModel, AccessedByReadsOverThePeerLinkWhileMigrationMovesTheDataOnce) {
  const auto& profile = shippedProfile("h200");
  const UmScenarioResult remote = simulateMultiGpuScenario(profile, {MultiGpuMode::RemoteMapped, 16ull << 20, 2});
  const UmScenarioResult migrate = simulateMultiGpuScenario(profile, {MultiGpuMode::Migrate, 16ull << 20, 2});
  EXPECT_EQ(remote.counters.gpuFaults, 0u);
  EXPECT_EQ(remote.counters.bytesDtoD, 0u);
  EXPECT_EQ(migrate.counters.bytesDtoD, 16ull << 20);  // migrated to GPU 1 once, local after that
  EXPECT_LT(remote.findPhase("gpu1")->medianMs, migrate.findPhase("gpu1")->medianMs);
  EXPECT_TRUE(hasState(migrate.trace, PageState::Gpu1));
  EXPECT_EQ(remote.trace.initialState, PageState::RemoteMapped);
}

TEST(UmMultiGpuModel, PeerCopyRunsAtThePeerLinkBandwidth) {
  const auto& profile = shippedProfile("h200");
  const UmScenarioResult r = simulateMultiGpuScenario(profile, {MultiGpuMode::PeerCopy, 256ull << 20, 1});
  ASSERT_NE(r.findPhase("peer-copy"), nullptr);
  EXPECT_NEAR(r.findPhase("peer-copy")->gbps(), readUvmParams(profile).peerGBs, 0.05 * readUvmParams(profile).peerGBs);
}

}  // namespace
}  // namespace warpscope::labs::um
