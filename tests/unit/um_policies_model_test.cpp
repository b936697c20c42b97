// um-policies' scenarios on the simulator's unified-memory model: each cudaMemAdvise policy's
// copies, remote maps, faults and bytes, against the H200's counts where measured.
#include <gtest/gtest.h>

#include "labs/um_policies/um_policies_model.h"
#include "um_test_support.h"

namespace warpscope::labs::um {
namespace {

using um_test::hasState;
using um_test::shippedProfile;

TEST(UmPoliciesModel, ReadMostlyDuplicatesSoCpuReadsMoveNoBytesBack) {
  const auto& profile = shippedProfile("h200");
  PoliciesScenario s{UmPolicy::ReadMostly, 16ull << 20, 2, false, 1.0};
  const UmScenarioResult rm = simulatePoliciesScenario(profile, s);
  EXPECT_EQ(rm.counters.bytesDtoH, 0u);
  EXPECT_GT(rm.counters.bytesHtoD, 0u);
  EXPECT_TRUE(hasState(rm.trace, PageState::Duplicated));
  s.policy = UmPolicy::None;
  const UmScenarioResult none = simulatePoliciesScenario(profile, s);
  EXPECT_GT(none.counters.bytesDtoH, 0u);
  EXPECT_FALSE(hasState(none.trace, PageState::Duplicated));
  for (const char* phase : {"cpu-init", "kernel", "cpu-use", "iteration"}) EXPECT_NE(rm.findPhase(phase), nullptr) << phase;
}

TEST(UmPoliciesModel, ReadMostlyWriteCollapsesTheCopies) {
  PoliciesScenario s{UmPolicy::ReadMostly, 4ull << 20, 2, true, 0.0};
  const UmScenarioResult r = simulatePoliciesScenario(shippedProfile("h200"), s);
  // The kernel writes: the GPU copy becomes the only one and the CPU's reads fault it back.
  EXPECT_GT(r.counters.bytesDtoH, 0u);
}

TEST(UmPoliciesModel, PreferredLocationCpuMapsTheGpuRemotelyWithoutMigrating) {
  PoliciesScenario s{UmPolicy::PreferredCpu, 16ull << 20, 3, false, 1.0};
  const UmScenarioResult r = simulatePoliciesScenario(shippedProfile("h200"), s);
  EXPECT_EQ(r.counters.bytesHtoD, 0u);
  EXPECT_EQ(r.counters.bytesDtoH, 0u);
  EXPECT_GT(r.counters.remoteMapEvents, 0u);
  EXPECT_TRUE(hasState(r.trace, PageState::RemoteMapped));
  // Only the first kernel faults (to set up the mappings): later kernels are faster.
  EXPECT_LT(r.findPhase("kernel")->minMs, r.findPhase("kernel")->maxMs);
}

TEST(UmPoliciesModel, AccessedByGpuMeansNoGpuFaults) {
  PoliciesScenario s{UmPolicy::AccessedByGpu, 16ull << 20, 2, false, 1.0};
  const UmScenarioResult r = simulatePoliciesScenario(shippedProfile("h200"), s);
  EXPECT_EQ(r.counters.gpuFaults, 0u);
  EXPECT_EQ(r.counters.bytesHtoD, 0u);
  EXPECT_EQ(r.counters.bytesDtoH, 0u);
  // The only CPU faults are the first touch's (6 per 2 MiB, as on the H200).
  EXPECT_EQ(r.counters.cpuFaults, 6u * 8);
}

TEST(UmPoliciesModel, NoAdviceCpuFaultsMatchTheH200Count) {
  // H200 CUPTI, 64 MiB, 4 iterations, no advice: 960 CPU faults (384 in the first iteration,
  // first touch + read-back, 192 in each later one), 256 MiB each way.
  const UmScenarioResult r = simulatePoliciesScenario(shippedProfile("h200"), {UmPolicy::None, 64ull << 20, 4, false, 1.0});
  EXPECT_EQ(r.counters.cpuFaults, 960u);
  EXPECT_EQ(r.counters.bytesHtoD, 256ull << 20);
  EXPECT_EQ(r.counters.bytesDtoH, 256ull << 20);
}

TEST(UmPoliciesModel, PreferredLocationGpuStillMigratesToTheCpuOnPcie) {
  const auto& profile = shippedProfile("h200");
  const UmScenarioResult gpu = simulatePoliciesScenario(profile, {UmPolicy::PreferredGpu, 8ull << 20, 2, false, 1.0});
  EXPECT_GT(gpu.counters.bytesDtoH, 0u);
  EXPECT_GT(gpu.counters.cpuFaults, 0u);
}

}  // namespace
}  // namespace warpscope::labs::um
