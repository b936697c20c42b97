// Guards the latency-arith kernel's result: every ILP variant must compute exactly the FMA chains
// the host recomputes, or its GFLOP/s mean nothing.
#include <gtest/gtest.h>

#include <cmath>

#include "cuda/fma_bench.h"
#include "cuda/device_query.h"
#include "cuda/kernels/fma_chains.h"

namespace warpscope::cuda {
namespace {

class FmaKernel : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

TEST(FmaChainPlan, ExecutesCloseToTheLabsFmaCountForEveryIlp) {
  for (int ilp : labs::kArithIlpValues) {
    const long long executed = fmaExecutedPerThread(ilp, labs::kArithFmasPerThread);
    EXPECT_LE(executed, labs::kArithFmasPerThread) << "ILP " << ilp;
    EXPECT_GE(executed, labs::kArithFmasPerThread * 99 / 100) << "ILP " << ilp;
  }
}

TEST(FmaChainReference, StaysFiniteForTheOperandRange) {
  const int passes = fmaPasses(1, labs::kArithFmasPerThread);
  EXPECT_TRUE(std::isfinite(referenceFmaThreadSum(5, 1, passes, 0.9999f, 0.5f)));
  EXPECT_TRUE(std::isfinite(referenceFmaThreadSum(5, 8, fmaPasses(8, labs::kArithFmasPerThread), 0.999f, -0.5f)));
}

TEST_F(FmaKernel, EveryIlpMatchesTheHostFmafRecomputation) {
  ArithBench bench(queryDevice(0), 12345);
  TimingPolicy quick;
  quick.warmups = 1;
  quick.reps = 2;
  for (int ilp : labs::kArithIlpValues) {
    for (int threads : {32, 96, 256, 1024}) {
      const labs::ArithMeasurement m = bench.measure({ilp, threads, 2}, quick, nullptr);  // throws CheckFailed if wrong
      EXPECT_GT(m.gflopsMedian, 0) << "ILP " << ilp << ", " << threads << " threads";
      EXPECT_LE(m.gflopsMin, m.gflopsMedian);
      EXPECT_LE(m.gflopsMedian, m.gflopsMax);
    }
  }
  EXPECT_EQ(bench.threadsVerified(), 4 * 4 * static_cast<long long>(std::size(labs::kArithIlpValues)));
}

}  // namespace
}  // namespace warpscope::cuda
