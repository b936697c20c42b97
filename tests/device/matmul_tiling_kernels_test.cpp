// Guards matmul-tiling's kernels: every variant (and cuBLAS, when the build has it) must compute
// C = A x B within the stated tolerances, or its GFLOP/s mean nothing; and the comparison itself
// must catch a wrong entry and an entry left at the poison.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "cuda/device_buffer.h"
#include "cuda/device_query.h"
#include "labs/matmul_tiling/cublas_sgemm.h"
#include "labs/matmul_tiling/sgemm_bench.h"
#include "labs/matmul_tiling/sgemm_kernels.h"

namespace warpscope::cuda {
namespace {

using labs::SgemmVariant;

class MatmulKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

TEST(MatmulReferenceSample, IsTheExactDotProductWithAPositiveBound) {
  // 128 x 128: one entry recomputed here in the plainest way.
  const auto sample = sgemmReferenceSample(128, 7, 11, 2, 2);
  ASSERT_EQ(sample.size(), 4u);
  const SgemmSample& last = sample.back();
  EXPECT_EQ(last.row, 127);
  EXPECT_EQ(last.col, 127);
  double sum = 0;
  for (int k = 0; k < 128; ++k)
    sum += static_cast<double>(sgemmInput(7, static_cast<std::uint32_t>(127 * 128 + k))) *
           sgemmInput(11, static_cast<std::uint32_t>(k * 128 + 127));
  EXPECT_DOUBLE_EQ(last.reference, sum);
  EXPECT_GT(last.bound, 0);
  EXPECT_LT(last.bound, 128 * 1e-7 * 128) << "gamma_n x sum|a||b| with |a|, |b| <= 1";
}

TEST(MatmulInputs, StayInMinusOneToOne) {
  for (std::uint32_t i = 0; i < 100000; ++i) {
    const float v = sgemmInput(1234, i);
    ASSERT_GE(v, -1.0f);
    ASSERT_LT(v, 1.0f);
  }
}

TEST_F(MatmulKernels, EveryVariantAndCublasPassTheChecksAt512) {
  SgemmBench bench;
  bench.prepare(queryDevice(0), 512, 0x1234567890ull);
  TimingPolicy quick;
  quick.warmups = 1;
  quick.reps = 2;
  const auto cublas = bench.measureCublas(quick, nullptr);  // throws CheckFailed if wrong
  EXPECT_EQ(cublas.has_value(), cublasUnavailableReason().empty()) << bench.cublasAbsentReason();
  for (SgemmVariant v : labs::kSgemmVariants) {
    for (int w : labs::kSgemmTileWidths) {
      if (v != SgemmVariant::Tiled && w != 16) continue;
      const labs::SgemmRecord r = bench.measure(v, w, quick, nullptr);  // throws CheckFailed if wrong
      EXPECT_GT(r.gflopsMedian, 0) << labs::sgemmVariantLabel(v, w);
      EXPECT_GT(r.registersPerThread, 0);
      EXPECT_GT(r.blocksPerSm, 0);
      EXPECT_EQ(r.spillBytes, 0) << labs::sgemmVariantLabel(v, w) << " spills";
    }
  }
  EXPECT_EQ(bench.comparedWithCublas(), cublasUnavailableReason().empty());
  EXPECT_GT(bench.sampledEntriesChecked(), 0);
  EXPECT_LE(bench.worstSampleErrorOverBound(), 1.0);
}

TEST_F(MatmulKernels, ComparisonCatchesAWrongEntryAndAnUnwrittenOne) {
  const std::uint64_t count = 4096;
  std::vector<float> ref(count, 1.0f);
  std::vector<float> c = ref;
  c[100] = 1.5f;                                         // wrong by 0.5
  c[3000] = std::numeric_limits<float>::quiet_NaN();     // left at the poison
  DeviceBuffer dRef(count * sizeof(float)), dC(count * sizeof(float)), scratch(64);
  WS_CUDA_CHECK(cudaMemcpy(dRef.get(), ref.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  WS_CUDA_CHECK(cudaMemcpy(dC.get(), c.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  CompareResult result;
  WS_CUDA_CHECK(compareMatrices(dC.as<float>(), dRef.as<float>(), count, 0.01f, scratch.get(), &result));
  EXPECT_EQ(result.badCount, 2u);
  EXPECT_EQ(result.firstBad, 100u);
  WS_CUDA_CHECK(compareMatrices(dC.as<float>(), nullptr, count, 0.01f, scratch.get(), &result));
  EXPECT_EQ(result.badCount, 1u) << "without a reference only the poison counts";
  EXPECT_EQ(result.firstBad, 3000u);
}

}  // namespace
}  // namespace warpscope::cuda
