// The limiter lab's model and verdict: memory bound at low intensity and compute bound at high on
// every profile, latency bound when too little is resident, the overlap arithmetic and the
// thresholds of the verdict.
#include <gtest/gtest.h>

#include <algorithm>

#include "labs/limiter/limiter_lab.h"
#include "labs/limiter/limiter_model.h"
#include "labs/limiter_common/limiter_family_model.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {


/// The verdict the lab gives for the model's full kernel at K and blocks per SM.
/// 100% occupancy: the most blocks the calculator lets fit.
int fullBlocks(const sim::DeviceProfile& p) { return limiterModelMaxBlocksPerSm(p); }

LimiterVerdict modelVerdict(const sim::DeviceProfile& p, int k, int blocks) {
  const std::size_t n = limiterElements(p.info, blocks);
  const double ms = limiterModel(p, LimiterVariant::Full, k, blocks, n).ms;
  const LimiterCeilings c = limiterModelCeilings(p);
  return limiterVerdict(limiterGBs(n, ms) / c.bandwidthGBs, limiterGflops(n, k, ms) / c.fmaGflops);
}

double modelMs(const sim::DeviceProfile& p, LimiterVariant v, int k, int blocks = 0) {
  if (blocks == 0) blocks = fullBlocks(p);
  return limiterModel(p, v, k, blocks, limiterElements(p.info, blocks)).ms;
}

}  // namespace

TEST(LimiterModel, MemoryBoundAtTheLowestIntensityOnEveryProfile) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel"))
    EXPECT_EQ(modelVerdict(p, 1, fullBlocks(p)), LimiterVerdict::Memory) << p.id;
}

TEST(LimiterModel, ComputeBoundAtTheHighestIntensityOnEveryProfile) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel"))
    EXPECT_EQ(modelVerdict(p, 1024, fullBlocks(p)), LimiterVerdict::Compute) << p.id;
}

TEST(LimiterModel, OneBlockPerSmNearTheRidgeLosesOverlap) {
  // The seed's "poor mem-math overlap: latency is a problem": with 8 warps per SM a warp's load
  // round trip and its chains no longer hide under other warps' work.
  const auto& p = test::shippedProfile("h200");
  auto overlapAt = [&](int blocks) {
    return limiterOverlap(modelMs(p, LimiterVariant::Full, 64, blocks), modelMs(p, LimiterVariant::MemoryOnly, 64, blocks),
                          modelMs(p, LimiterVariant::MathOnly, 64, blocks));
  };
  EXPECT_GT(overlapAt(fullBlocks(p)), 0.95);
  EXPECT_LT(overlapAt(1), overlapAt(fullBlocks(p)) - 0.1);
  const double slowerPart = std::max(modelMs(p, LimiterVariant::MemoryOnly, 64, 1), modelMs(p, LimiterVariant::MathOnly, 64, 1));
  EXPECT_GT(modelMs(p, LimiterVariant::Full, 64, 1), 1.1 * slowerPart);
}

TEST(LimiterModel, MemoryOnlyIgnoresKAndMathOnlyGrowsWithK) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel")) {
    EXPECT_DOUBLE_EQ(modelMs(p, LimiterVariant::MemoryOnly, 1), modelMs(p, LimiterVariant::MemoryOnly, 1024)) << p.id;
    // Issue bound at large K: doubling K nearly doubles the time.
    const double ratio = modelMs(p, LimiterVariant::MathOnly, 1024) / modelMs(p, LimiterVariant::MathOnly, 512);
    EXPECT_GT(ratio, 1.9) << p.id;
    EXPECT_LE(ratio, 2.0) << p.id;
  }
}

TEST(LimiterModel, FullKernelIsNeverFasterThanEitherOfItsParts) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel"))
    for (int k : kLimiterFmaValues)
      for (int blocks : {1, 2, fullBlocks(p)}) {
        const double full = modelMs(p, LimiterVariant::Full, k, blocks);
        EXPECT_GE(full * (1 + 1e-12), modelMs(p, LimiterVariant::MemoryOnly, k, blocks)) << p.id << " K " << k;
        EXPECT_GE(full * (1 + 1e-12), modelMs(p, LimiterVariant::MathOnly, k, blocks)) << p.id << " K " << k;
      }
}

TEST(LimiterModel, MemoryOnlyReachesTheCopyKernelsBandwidthAtDefaultOccupancy) {
  const auto& p = test::shippedProfile("h200");
  const std::size_t n = limiterElements(p.info, fullBlocks(p));
  const double gbs = limiterGBs(n, modelMs(p, LimiterVariant::MemoryOnly, 1));
  EXPECT_GT(gbs, 0.9 * limiterModelCeilings(p).bandwidthGBs);
  EXPECT_LT(gbs, 1.02 * limiterModelCeilings(p).bandwidthGBs);
}

TEST(LimiterModel, FullOccupancyIsWhatRegistersAndThreadsAllow) {
  EXPECT_EQ(fullBlocks(test::shippedProfile("h200")), 8);   // 2048 threads
  EXPECT_EQ(fullBlocks(test::shippedProfile("gtx480")), 4); // 32 K registers / (32 x 256)
  EXPECT_EQ(limiterBlocksForOccupancy(12.5, 8), 1);
  EXPECT_EQ(limiterBlocksForOccupancy(75, 8), 6);
  EXPECT_EQ(limiterBlocksForOccupancy(12.5, 4), 1) << "never below one block";
}

TEST(LimiterOverlap, ArithmeticOfTheSeedsThreeScenarios) {
  EXPECT_DOUBLE_EQ(limiterOverlap(10, 10, 5), 1.0);   // math hidden entirely under memory
  EXPECT_DOUBLE_EQ(limiterOverlap(15, 10, 5), 0.0);   // the full kernel takes the sum: no overlap
  EXPECT_DOUBLE_EQ(limiterOverlap(12.5, 10, 5), 0.5); // half of the math time hidden
  EXPECT_DOUBLE_EQ(limiterOverlap(9, 10, 5), 1.0);    // noise below the longer part: clamped
  EXPECT_DOUBLE_EQ(limiterOverlap(20, 10, 5), 0.0);   // slower than the sum: clamped
  EXPECT_DOUBLE_EQ(limiterOverlap(3, 3, 0), 1.0);     // nothing to hide
}

TEST(LimiterVerdictRule, ThresholdsAtSixtyPercentOfEachCeiling) {
  EXPECT_EQ(limiterVerdict(0.60, 0.10), LimiterVerdict::Memory);
  EXPECT_EQ(limiterVerdict(0.59, 0.59), LimiterVerdict::Latency);
  EXPECT_EQ(limiterVerdict(0.10, 0.60), LimiterVerdict::Compute);
  EXPECT_EQ(limiterVerdict(0.70, 0.80), LimiterVerdict::Compute) << "the nearer ceiling names it";
  EXPECT_EQ(limiterVerdict(0.95, 0.95), LimiterVerdict::Memory) << "a tie at the ridge goes to memory";
  EXPECT_STREQ(verdictName(LimiterVerdict::Latency), "latency bound");
}
