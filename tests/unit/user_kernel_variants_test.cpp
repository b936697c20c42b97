// A user kernel's compiled variants (one per combination of its define and template params), its
// launch for one set of values checked against CUDA's limits (labs/user_kernel/kernel_variants.h,
// kernel_launch.h), and the three shipped examples read with both.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "kernel_examples.h"
#include "labs/user_kernel/kernel_header.h"
#include "labs/user_kernel/kernel_launch.h"
#include "labs/user_kernel/kernel_variants.h"
#include "user_kernel_headers.h"

using namespace warpscope;
using namespace warpscope::labs::user_kernel;
using namespace warpscope::test;

TEST(UserKernelVariants, EachDefineAndTemplateCombinationIsOneVariant) {
  const KernelHeader h = parseKernelHeader(sourceOf(
      plus(with(baseHeader(), 5, "// kernel: copy<V, BLOCK / 32>"), "// param V: small=4|large=16, template")));
  EXPECT_EQ(variantCount(h), 6u);
  const std::vector<KernelVariant> variants = variantsOf(h);
  ASSERT_EQ(variants.size(), 6u);
  EXPECT_EQ(variants[0].key(), "-DBLOCK=64 copy<4, 2> copy_reference");
  EXPECT_EQ(variants[1].key(), "-DBLOCK=64 copy<16, 2> copy_reference") << "the last param varies fastest";
  EXPECT_EQ(variants[5].key(), "-DBLOCK=256 copy<16, 8> copy_reference");
  EXPECT_EQ(variants[5].defines, (std::vector<std::string>{"-DBLOCK=256"}));
  EXPECT_EQ(variants[5].kernelName, "copy<16, 8>");
  EXPECT_EQ(variants[5].referenceName, "copy_reference");
  ParamSet params = defaultParams(h.paramSpecs());
  params.set("BLOCK", 128);
  params.set("N", 4096);  // not compiled in: the same variant for every N
  EXPECT_EQ(variantOf(h, params).key(), "-DBLOCK=128 copy<4, 4> copy_reference");
  const KernelHeader plain = parseKernelHeader(sourceOf(with(baseHeader(), 4, "// param BLOCK: 64..256, x2")));
  ASSERT_EQ(variantsOf(plain).size(), 1u) << "no define or template param: one variant";
  EXPECT_EQ(variantsOf(plain)[0].key(), "copy copy_reference");
}

TEST(UserKernelLaunch, GridBlockSizesAndCountsEvaluateInOrder) {
  const KernelHeader h = parseKernelHeader(sourceOf(
      plus(plus(with(baseHeader(), 9, "// buffer out: float[grid_x * block_x] output"), "// shared: 4 * block_x"),
           "// bytes: 8 * N")));
  ParamSet params = defaultParams(h.paramSpecs());
  params.set("BLOCK", 256);
  const LaunchValues v = evaluateLaunch(h, params, h100Like());
  EXPECT_EQ(v.kernel.grid, (std::array<int64_t, 3>{8, 1, 1}));
  EXPECT_EQ(v.kernel.block, (std::array<int64_t, 3>{256, 1, 1}));
  ASSERT_TRUE(v.reference);
  EXPECT_EQ(v.reference->grid, v.kernel.grid);
  EXPECT_EQ(v.sharedBytes, 1024);
  EXPECT_EQ(v.bufferElements, (std::vector<int64_t>{2048, 2048}));
  EXPECT_EQ(v.bytes, 8 * 2048);
  EXPECT_FALSE(v.flops);
}

TEST(UserKernelLaunch, ValuesCudaCannotLaunchNameTheirLine) {
  const auto failure = [&](const std::vector<std::string>& lines) -> Failure {
    const KernelHeader h = parseKernelHeader(sourceOf(lines));
    try {
      (void)evaluateLaunch(h, defaultParams(h.paramSpecs()), h100Like());
    } catch (const KernelHeaderError& e) {
      return {e.what(), e.line()};
    }
    return {"(evaluated)", -1};
  };
  Failure f = failure(with(baseHeader(), 6, "// grid: N / 4K"));
  EXPECT_EQ(f.line, 6);
  EXPECT_NE(f.message.find("grid x: `N / 4K` is 0; a grid's x is 1..2147483647"), std::string::npos) << f.message;
  f = failure(with(baseHeader(), 7, "// block: BLOCK * 32"));
  EXPECT_EQ(f.line, 7);
  EXPECT_NE(f.message.find("a block's x is 1..1024"), std::string::npos) << f.message;
  f = failure(with(baseHeader(), 7, "// block: BLOCK, 32"));
  EXPECT_EQ(f.line, 7);
  EXPECT_NE(f.message.find("block: 2048 threads per block; this device allows at most 1024"), std::string::npos)
      << f.message;
  f = failure(with(baseHeader(), 6, "// grid: N / (BLOCK - 64)"));
  EXPECT_EQ(f.line, 6);
  EXPECT_NE(f.message.find("division by zero"), std::string::npos) << f.message;
  f = failure(plus(baseHeader(), "// shared: shared_per_block + 1"));
  EXPECT_EQ(f.line, 13);
  EXPECT_NE(f.message.find("dynamic shared memory is 0..shared_per_block"), std::string::npos) << f.message;
  f = failure(with(baseHeader(), 9, "// buffer out: float[N - N] output"));
  EXPECT_EQ(f.line, 9);
  EXPECT_NE(f.message.find("a buffer has 1.."), std::string::npos) << f.message;
}

TEST(UserKernelExamples, TheShippedExamplesParseWithTheirVariants) {
  const KernelHeader reduction = parseKernelHeader(test::kernelExample("reduction.cu").text);
  EXPECT_EQ(reduction.title, "Sum of N floats");
  EXPECT_EQ(variantCount(reduction), 20u);
  const std::vector<KernelVariant> r = variantsOf(reduction);
  EXPECT_EQ(r.front().key(), "-DBLOCK=64 reduce_sum<1> reduce_reference");
  EXPECT_EQ(r.back().key(), "-DBLOCK=1024 reduce_sum<8> reduce_reference");
  EXPECT_EQ(variantOf(reduction, defaultParams(reduction.paramSpecs())).key(),
            "-DBLOCK=256 reduce_sum<4> reduce_reference");
  const LaunchValues rv = evaluateLaunch(reduction, defaultParams(reduction.paramSpecs()), h100Like());
  EXPECT_EQ(rv.kernel.grid[0], 132 * 8) << "one wave of 256-thread blocks: min(16384, 132 x 8)";
  EXPECT_EQ(rv.bufferElements, (std::vector<int64_t>{64 << 20, 132 * 8})) << "one partial sum per block";
  EXPECT_EQ(rv.bytes, int64_t{4} * (64 << 20));

  const KernelHeader transpose = parseKernelHeader(test::kernelExample("transpose.cu").text);
  EXPECT_EQ(variantCount(transpose), 12u);
  EXPECT_EQ(transpose.params[1].spec.choiceNames, (std::vector<std::string>{"naive", "tiled", "padded"}));
  EXPECT_EQ(variantOf(transpose, defaultParams(transpose.paramSpecs())).key(),
            "-DROWS=8 transpose<2> transpose_reference");
  EXPECT_EQ(transpose.checks.at(0).tolerance, UserCheck::Tolerance::Exact);
  const LaunchValues tv = evaluateLaunch(transpose, defaultParams(transpose.paramSpecs()), h100Like());
  EXPECT_EQ(tv.kernel.grid, (std::array<int64_t, 3>{128, 128, 1}));
  EXPECT_EQ(tv.kernel.block, (std::array<int64_t, 3>{32, 8, 1}));
  EXPECT_EQ(tv.reference->block, (std::array<int64_t, 3>{32, 32, 1}));
  EXPECT_EQ(tv.bytes, int64_t{2} * 4 * 4096 * 4096);

  const KernelHeader stencil = parseKernelHeader(test::kernelExample("stencil.cu").text);
  EXPECT_EQ(variantCount(stencil), 12u);
  const std::vector<KernelVariant> s = variantsOf(stencil);
  EXPECT_EQ(s.front().key(), "-DBLOCK=32 stencil5<0> stencil5_reference");
  EXPECT_EQ(variantOf(stencil, defaultParams(stencil.paramSpecs())).key(),
            "-DBLOCK=256 stencil5<1> stencil5_reference");
  const LaunchValues sv = evaluateLaunch(stencil, defaultParams(stencil.paramSpecs()), h100Like());
  EXPECT_EQ(sv.kernel.block, (std::array<int64_t, 3>{32, 8, 1}));
  EXPECT_EQ(sv.sharedBytes, 4 * 34 * 10) << "the tile and its halo";
  EXPECT_EQ(stencil.checks.at(0).tolerance, UserCheck::Tolerance::Relative);
  EXPECT_EQ(stencil.checks.at(0).amount, 1e-6);
}
