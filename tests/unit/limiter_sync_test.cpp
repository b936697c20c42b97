// The limiter lab's __syncthreads() experiment (seed 001, "Simplified View of Latency and Syncs"):
// the mirror mapping its kernels and checks share, and the model of one block of 512 against two
// blocks of 256 per SM.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "labs/limiter/limiter_lab.h"
#include "labs/limiter/limiter_sync.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

TEST(LimiterSyncShape, MirrorIndexIsAnInvolutionWithinEachTile) {
  for (unsigned threads : {256u, 512u}) {
    const std::uint64_t tile = syncTileElements(threads);
    std::set<std::uint64_t> seen;
    for (std::uint64_t g = tile; g < 2 * tile; ++g) {
      const std::uint64_t src = syncSourceIndex(g, threads);
      EXPECT_GE(src, tile);
      EXPECT_LT(src, 2 * tile) << "stays in its tile";
      EXPECT_EQ(syncSourceIndex(src, threads), g);
      seen.insert(src);
    }
    EXPECT_EQ(seen.size(), tile) << "a permutation";
    // Thread 0's first float4 comes from the last thread's: another warp's load.
    EXPECT_EQ(syncSourceIndex(0, threads), 4 * (threads - 1));
  }
}

TEST(LimiterSyncModel, OneBlockTakesTheSumOfItsPhasesAndTwoBlocksOverlapThemOnH200) {
  const LimiterSyncModel m = limiterSyncModel(test::shippedProfile("h200"), 64);
  const LimiterSyncTimes& t = m.times;
  EXPECT_NEAR(t.oneBlock.ms / (t.memoryOnly.ms + t.mathOnly.ms), 1.0, 0.15);
  EXPECT_GE(t.oneBlock.ms, 1.2 * t.twoBlocks.ms);
  EXPECT_GT(m.loadPhase512Ns, m.loadPhase256Ns) << "half the bytes per block";
  EXPECT_NEAR(m.computePhase512Ns, 2 * m.computePhase256Ns, 0.1 * m.computePhase512Ns);
}

TEST(LimiterSyncModel, TwoBlocksAreNeverSlowerAndOneBlockNeverBeatsItsLongerPart) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel"))
    for (int k : kLimiterFmaValues) {
      const LimiterSyncTimes t = limiterSyncModel(p, k).times;
      EXPECT_LE(t.twoBlocks.ms, t.oneBlock.ms * (1 + 1e-12)) << p.id << " K " << k;
      EXPECT_GE(t.oneBlock.ms * (1 + 1e-12), std::max(t.memoryOnly.ms, t.mathOnly.ms)) << p.id << " K " << k;
      EXPECT_GT(t.mathOnly.ms, 0);
    }
}

TEST(LimiterSyncModel, ElementsAreWholeTilesOfEverySmAndFitTheLimiterArrays) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel")) {
    const std::size_t n = limiterSyncElements(p.info);
    EXPECT_EQ(n % (static_cast<std::size_t>(p.info.smCount) * kSyncThreadsPerSm * kSyncElementsPerThread), 0u) << p.id;
    EXPECT_LE(n, kLimiterTargetElements) << p.id;
  }
}
