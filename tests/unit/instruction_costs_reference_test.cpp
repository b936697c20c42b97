// instruction-costs' host recomputation: each kind's chain is the operation the kernel runs (worked
// by hand for a step or two), the float maps settle on their fixed points (so a last-bit difference
// fades), and the tolerances are bit for bit exactly where both sides round the same IEEE operations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "labs/instruction_costs/instruction_costs_reference.h"

using namespace warpscope::labs;
using K = InstructionKind;

TEST(InstructionCostsReference, OneStepOfEachKindByHand) {
  const double a0 = chainStartFloat(0, 0);  // 0.5
  EXPECT_DOUBLE_EQ(a0, 0.5);
  EXPECT_FLOAT_EQ(static_cast<float>(referenceChainValue(K::Fp32Fma, 0, 0, 1)), 0.5f * 0.75f + 0.25f);
  EXPECT_DOUBLE_EQ(referenceChainValue(K::Fp64Fma, 0, 0, 1), 0.5 * 0.75 + 0.25);
  EXPECT_FLOAT_EQ(static_cast<float>(referenceChainValue(K::Fp32Div, 0, 0, 1)), 1.0f / 0.5f + 1.0f);
  EXPECT_FLOAT_EQ(static_cast<float>(referenceChainValue(K::Sinf, 0, 0, 1)), std::sin(0.5f) + 1.0f);
  EXPECT_FLOAT_EQ(static_cast<float>(referenceChainValue(K::Expf, 0, 0, 1)), std::exp(-0.5f) + 0.5f);
  EXPECT_FLOAT_EQ(static_cast<float>(referenceChainValue(K::Rsqrtf, 0, 0, 1)), 1.0f / std::sqrt(0.5f) + 1.0f);
  EXPECT_FLOAT_EQ(static_cast<float>(referenceChainValue(K::LiteralFp32, 0, 0, 1)), 0.5f * 0.347f + 0.25f);
  const std::uint32_t w = chainStartWord(0, 1);
  EXPECT_EQ(w % 2, 1u) << "never 0: the integer kinds divide by it";
  EXPECT_EQ(referenceChainValue(K::IntMad, 0, 1, 1), static_cast<std::uint32_t>(w * 2654435761u + 12345u));
  EXPECT_EQ(referenceChainValue(K::IntDiv, 0, 1, 1), 4000000007u / w + 3u);
  EXPECT_EQ(referenceChainValue(K::IntMod, 0, 1, 1), 4000000007u % w + 65537u);
}

TEST(InstructionCostsReference, FloatChainsSettleOnTheirFixedPoints) {
  EXPECT_NEAR(referenceChainValue(K::Fp32Div, 7, 2, 200), (1 + std::sqrt(5.0)) / 2, 1e-6);  // golden ratio
  const double s = referenceChainValue(K::Sinf, 7, 2, 200);
  EXPECT_NEAR(s, std::sin(s) + 1, 1e-6);
  const double e = referenceChainValue(K::Expf, 7, 2, 200);
  EXPECT_NEAR(e, std::exp(-e) + 0.5, 1e-6);
  const double r = referenceChainValue(K::Rsqrtf, 7, 2, 200);
  EXPECT_NEAR(r, 1 / std::sqrt(r) + 1, 1e-6);
  EXPECT_NEAR(referenceChainValue(K::Fp32Fma, 7, 2, 200), 1.0, 1e-6);  // 0.25 / (1 - 0.75)
}

TEST(InstructionCostsReference, ExactKindsAreBitForBitAndApproximateOnesAFewUlps) {
  for (K k : {K::Fp32Fma, K::Fp64Fma, K::IntMad, K::IntDiv, K::IntMod, K::Fp32Div, K::LiteralFp32})
    EXPECT_EQ(chainTolerance(k).absolute, 0) << static_cast<int>(k);
  for (K k : {K::Fp32DivFast, K::Sinf, K::SinfFast, K::Expf, K::ExpfFast, K::Rsqrtf, K::RsqrtfFast, K::LiteralFp64}) {
    EXPECT_GT(chainTolerance(k).absolute, 0) << static_cast<int>(k);
    EXPECT_LE(chainTolerance(k).absolute, 2e-6) << static_cast<int>(k);
    EXPECT_FALSE(chainTolerance(k).why.empty());
  }
  EXPECT_TRUE(chainValueMatches(K::Sinf, 1.9345632, 1.9345638));
  EXPECT_FALSE(chainValueMatches(K::Sinf, 1.93, 1.94));
  EXPECT_FALSE(chainValueMatches(K::Fp32Fma, std::nan(""), 1.0));
}
