// Guards the limiter family on a GPU: each variant computes (or, for math-only, does not store)
// exactly what the lab assumes, occupancy can be held equal across the three, and math-only's
// math is really executed (its time grows with K although none of its stores run).
#include <gtest/gtest.h>

#include <cmath>

#include "cuda/device_query.h"
#include "cuda/occupancy.h"
#include "labs/limiter/limiter_lab.h"
#include "labs/limiter_common/limiter_bench.h"
#include "labs/limiter_common/limiter_kernels.h"

namespace warpscope::cuda {
namespace {

using labs::LimiterVariant;

class LimiterKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

TEST(LimiterReference, ChainsStayPositiveAndFiniteForTheOperandRange) {
  // Why math-only's guard (acc == -1) can never be taken, and why the checks compare finite values.
  for (float x : {0.0f, 0.5f, 0.99999994f})
    for (float b : {0.999f, 0.9999f}) {
      const float y = referenceLimiterChain(x, 1024, b);
      EXPECT_TRUE(std::isfinite(y));
      EXPECT_GT(y, 0.0f);
    }
}

TEST_F(LimiterKernels, EveryVariantPassesItsOutputCheckAtSeveralIntensities) {
  LimiterBench bench(queryDevice(0), 777);
  TimingPolicy quick;
  quick.warmups = 1;
  quick.reps = 2;
  for (int k : {1, 4, 32, 256})
    for (LimiterVariant v : {LimiterVariant::Full, LimiterVariant::MemoryOnly, LimiterVariant::MathOnly}) {
      const labs::VariantTime t = bench.measure(v, k, 4, quick, nullptr);  // throws CheckFailed if wrong
      EXPECT_GT(t.ms, 0);
      EXPECT_LE(t.fastestMs, t.ms);
      EXPECT_LE(t.ms, t.slowestMs);
    }
  EXPECT_EQ(bench.elementsRecomputedOnHost(), 4 * 2048);
  EXPECT_EQ(bench.elementsCheckedOnDevice(), 12 * static_cast<long long>(bench.elements(4)));
}

TEST_F(LimiterKernels, MathOnlyStoresNothingYetItsTimeGrowsWithK) {
  LimiterBench bench(queryDevice(0), 99);
  TimingPolicy policy;
  const int blocks = bench.maxBlocksPerSm();
  const double t64 = bench.measure(LimiterVariant::MathOnly, 64, blocks, policy, nullptr).ms;  // checks: all still poison
  const double t512 = bench.measure(LimiterVariant::MathOnly, 512, blocks, policy, nullptr).ms;
  std::printf("math-only: K=64 %.4f ms, K=512 %.4f ms (ratio %.2f)\n", t64, t512, t512 / t64);
  // 8x the FMAs: a kernel whose math the compiler had removed would take the same time.
  EXPECT_GT(t512 / t64, 5.0);
}

TEST_F(LimiterKernels, OccupancyCanBeHeldEqualAcrossTheThreeVariants) {
  const DeviceInfo device = queryDevice(0);
  LimiterBench bench(device, 1);
  const int most = bench.maxBlocksPerSm();
  std::printf("at most %d blocks of 256 threads per SM\n", most);
  EXPECT_GE(most, 1);
  for (int blocks = 1; blocks <= most; ++blocks)
    for (LimiterVariant v : {LimiterVariant::Full, LimiterVariant::MemoryOnly, LimiterVariant::MathOnly}) {
      const void* kernel = limiterKernel(v, 64);
      ASSERT_NE(kernel, nullptr);
      const ForcedOccupancy forced = forceBlocksPerSm(kernel, labs::kLimiterThreadsPerBlock, blocks, device);
      EXPECT_EQ(forced.blocksPerSm, blocks) << "variant " << static_cast<int>(v);
      EXPECT_EQ(residentBlocksPerSm(kernel, labs::kLimiterThreadsPerBlock, forced.dynamicSmemBytes), blocks);
    }
}

TEST_F(LimiterKernels, MemoryBoundAtLowAndComputeBoundAtHighIntensity) {
  LimiterBench bench(queryDevice(0), 5);
  const FmaPeak peak = measureFmaPeak(queryDevice(0), nullptr);
  TimingPolicy policy;
  const int blocks = bench.maxBlocksPerSm();
  const std::size_t n = bench.elements(blocks);
  const double low = bench.measure(LimiterVariant::Full, 1, blocks, policy, nullptr).ms;
  const double high = bench.measure(LimiterVariant::Full, 1024, blocks, policy, nullptr).ms;
  const double lowGbs = labs::limiterGBs(n, low), highGflops = labs::limiterGflops(n, 1024, high);
  std::printf("K=1: %.1f GB/s; K=1024: %.0f GFLOP/s of an FMA peak of %.0f (ILP %d)\n", lowGbs, highGflops,
              peak.gflops, peak.ilp);
  EXPECT_GT(highGflops / peak.gflops, labs::kLimiterNearCeiling);
  EXPECT_LE(highGflops / peak.gflops, 1.05);
}

}  // namespace
}  // namespace warpscope::cuda
