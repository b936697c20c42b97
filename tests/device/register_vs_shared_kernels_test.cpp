// Guards register-vs-shared's kernels: every variant and ILP must compute exactly the chains the
// host recomputes (b and c from the right table rows), fit 2048 threads per SM, or their GFLOP/s
// mean nothing.
#include <gtest/gtest.h>

#include <cmath>

#include "cuda/device_query.h"
#include "labs/register_vs_shared/rvs_bench.h"
#include "labs/register_vs_shared/rvs_kernels.h"

namespace warpscope::cuda {
namespace {

class RvsKernel : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

TEST(RvsReference, StaysFiniteForTheOperandRange) {
  std::vector<float> table(2 * labs::kRvsTableWords, 0.9999f);
  for (int i = 0; i < labs::kRvsTableWords; ++i) table[labs::kRvsTableWords + i] = 0.5f;
  for (int variant : labs::kRvsVariants)
    EXPECT_TRUE(std::isfinite(referenceRvsThreadSum(5, {variant, 8, 32, 1}, labs::rvsPasses(variant), 0.9999f, 0.5f, table)));
}

TEST(RvsReference, SharedVariantsReadTheirOwnLanesColumn) {
  // A table whose rows differ per lane must give different sums to lanes 0 and 1 with the same
  // starting value; the register variant ignores the table.
  std::vector<float> table(2 * labs::kRvsTableWords, 0.0f);
  for (int i = 0; i < labs::kRvsTableWords; ++i) {
    table[i] = (i % 32 == 0) ? 0.5f : 0.25f;
    table[labs::kRvsTableWords + i] = 1.0f;
  }
  // Threads 0 and 1024 share a start value (the pattern repeats every 1024) and lane 0; thread
  // 1025 has lane 1 (its start value is forgotten after 256 contracting FMAs, so only the lane's
  // column of the table can make it differ).
  const labs::RvsConfig config{labs::kRvsShared2, 1, 32, 1};
  EXPECT_EQ(referenceRvsThreadSum(0, config, 1, 0, 0, table), referenceRvsThreadSum(1024, config, 1, 0, 0, table));
  EXPECT_NE(referenceRvsThreadSum(0, config, 1, 0, 0, table), referenceRvsThreadSum(1025, config, 1, 0, 0, table));
}

TEST_F(RvsKernel, EveryVariantAndIlpMatchesTheHostFmafRecomputation) {
  RvsBench bench(queryDevice(0), 4242);
  TimingPolicy quick;
  quick.warmups = 1;
  quick.reps = 2;
  int configs = 0;
  for (int variant : labs::kRvsVariants)
    for (int ilp : labs::kRvsIlpValues)
      for (int threads : {32, 96, 1024}) {
        const labs::RvsMeasurement m = bench.measure({variant, ilp, threads, 2}, quick, nullptr);  // throws CheckFailed
        EXPECT_GT(m.gflopsMedian, 0) << "variant " << variant << ", ILP " << ilp << ", " << threads << " threads";
        EXPECT_LE(m.gflopsMin, m.gflopsMedian);
        EXPECT_LE(m.gflopsMedian, m.gflopsMax);
        ++configs;
      }
  EXPECT_EQ(bench.threadsVerified(), 4LL * configs);
}

TEST_F(RvsKernel, EveryKernelFitsTwoBlocksOf1024ThreadsPerSm) {
  RvsBench bench(queryDevice(0), 1);
  for (int variant : labs::kRvsVariants)
    for (int ilp : labs::kRvsIlpValues) {
      EXPECT_LE(bench.registersPerThread(variant, ilp), 32) << "variant " << variant << ", ILP " << ilp;
      int resident = 0;
      ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, rvsKernel(variant, ilp), 1024, 0), cudaSuccess);
      EXPECT_GE(resident, 2) << "variant " << variant << ", ILP " << ilp;
    }
}

}  // namespace
}  // namespace warpscope::cuda
