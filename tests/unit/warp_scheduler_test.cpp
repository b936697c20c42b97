// The warp scheduler model (mechanisms/warp_scheduler.h): Volkov's x, y, z on one warp, Little's
// law for dependent chains, ILP against warps, dual issue where lanes outnumber one issue a
// cycle, and the in-flight limit that stops ILP paying.
#include "mechanisms/warp_scheduler.h"
#include "test_data.h"

#include <gtest/gtest.h>

namespace warpscope::labs {
namespace {

SchedulerModel hopperLike() { return {4, 1.0, 1, 8}; }

std::vector<StreamInstruction> chains(int ilp) {
  std::vector<StreamInstruction> body;
  for (int c = 0; c < ilp; ++c) body.push_back({"c" + std::to_string(c + 1), ilp});
  return body;
}

}  // namespace

TEST(WarpScheduler, IndependentYIssuesNextCycleAndDependentZWaitsForX) {
  const SchedulerTrace t = runScheduler(hopperLike(), {{"x", 0}, {"y", 0}, {"z", 2}}, 1, 12);
  EXPECT_EQ(t.firstIssue[0][0], 0);
  EXPECT_EQ(t.firstIssue[0][1], 1);
  EXPECT_EQ(t.firstIssue[0][2], 4);  // x's result is ready 4 cycles after it issued
  EXPECT_EQ(t.at(2, 0), WarpCycle::Waiting);
  EXPECT_EQ(t.issuedPerCycle[2], 0);
}

TEST(WarpScheduler, DependentChainsNeedLatencyTimesRateWarps) {
  const SchedulerModel m = hopperLike();
  for (int warps = 1; warps <= 4; ++warps) EXPECT_NEAR(schedulerUtilization(m, chains(1), warps), warps / 4.0, 0.01);
  EXPECT_NEAR(schedulerUtilization(m, chains(1), 8), 1.0, 1e-9);
  // A slower pipe (16 lanes a scheduler: half a warp instruction a cycle) needs half as many.
  const SchedulerModel half{4, 0.5, 1, 8};
  EXPECT_NEAR(schedulerUtilization(half, chains(1), 2), 1.0, 0.01);
}

TEST(WarpScheduler, IlpSuppliesTheSameParallelismAsWarps) {
  const SchedulerModel m{18, 0.5, 1, 8};  // GF100-like: 9 in flight needed
  EXPECT_NEAR(schedulerUtilization(m, chains(3), 1), schedulerUtilization(m, chains(1), 3), 0.02);
  EXPECT_NEAR(schedulerUtilization(m, chains(3), 1), 3.0 / 9.0, 0.02);
}

TEST(WarpScheduler, IlpStopsPayingAtTheWarpsInFlightLimit) {
  const SchedulerModel m{18, 0.5, 1, 4};  // GF100: max_useful_ilp 4
  EXPECT_NEAR(schedulerUtilization(m, chains(8), 1), schedulerUtilization(m, chains(4), 1), 0.01);
}

TEST(WarpScheduler, AFermiSchedulerIssuingEveryOtherCycleNeedsDualIssueAndIlpForGf104sLanes) {
  const SchedulerModel gf100{18, 0.5, 1, 4, 2};  // 16 lanes a scheduler, an issue every 2 hot cycles
  EXPECT_NEAR(schedulerUtilization(gf100, chains(1), 16), 1.0, 0.01);
  const SchedulerModel gf104{18, 0.75, 2, 4, 2};  // 24 lanes a scheduler, dual issue every 2 cycles
  EXPECT_NEAR(schedulerUtilization(gf104, chains(1), 16), 2.0 / 3.0, 0.01);
  EXPECT_GT(schedulerUtilization(gf104, chains(2), 16), 0.99);
  const SchedulerTrace t = runScheduler(gf100, chains(1), 4, 6);
  EXPECT_EQ(t.issuedPerCycle[1], 0) << "no issue on the odd hot cycles";
  EXPECT_EQ(t.issuedPerCycle[2], 1);
}

TEST(WarpScheduler, WithoutIlpSingleIssueFillsOnlyTwoThirdsOfFortyEightLanes) {
  const SchedulerModel kepler{9, 1.5, 2, 8};  // 48 lanes a scheduler, dual issue
  EXPECT_NEAR(schedulerUtilization(kepler, chains(1), 16), 2.0 / 3.0, 0.01);
  EXPECT_GT(schedulerUtilization(kepler, chains(2), 16), 0.99);
  const SchedulerTrace t = runScheduler(kepler, chains(2), 16, 8);
  EXPECT_NE(t.issued[0].find('+'), std::string::npos) << "two chains of one warp issue in one cycle";
}

TEST(FmaPipelineDispatch, LatencyArithsModelStopsAtTwoThirdsWithoutIlpOnKeplersFortyEightLanesAScheduler) {
  for (const char* id : {"k40"}) {
    const sim::DeviceProfile& p = test::shippedProfile(id);
    const FmaPipeline fma = fmaPipeline(p);
    EXPECT_NEAR(arithFractionOfPeak(p.info, fma, p.info.maxThreadsPerSm, 1), 2.0 / 3.0, 0.01) << id;
    EXPECT_GT(arithFractionOfPeak(p.info, fma, p.info.maxThreadsPerSm, 4), 0.95) << id;
  }
  for (const char* id : {"gtx480", "v100", "h100"}) {
    const sim::DeviceProfile& p = test::shippedProfile(id);
    EXPECT_DOUBLE_EQ(dispatchCeiling(p.info, fmaPipeline(p), 1), 1.0) << id << ": one issue a cycle feeds its lanes";
  }
}

}  // namespace warpscope::labs
