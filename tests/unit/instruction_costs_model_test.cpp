// instruction-costs' model: the seed's slides as physics on every shipped profile (FP64 at most half
// of FP32, __sinf faster than sinf, the FP64 literal far slower than 0.347f),
// Hopper's numbers worked by hand, and latency once too few chains are in flight.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "labs/instruction_costs/instruction_costs_kinds.h"
#include "labs/instruction_costs/instruction_costs_model.h"
#include "mechanisms/device_profile.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

double opsOf(const std::vector<InstructionCostPoint>& points, InstructionKind kind) {
  for (const auto& p : points)
    if (p.kind == kind) return p.opsPerClockPerSm;
  ADD_FAILURE() << "kind " << static_cast<int>(kind) << " missing";
  return 0;
}

}  // namespace

TEST(InstructionCostsModel, HopperByHand) {
  const sim::DeviceProfile& h200 = test::shippedProfile("h200");
  const auto points = modelInstructionCosts(h200, h200.info, 2048);
  ASSERT_EQ(points.size(), static_cast<std::size_t>(kInstructionKindCount));
  using K = InstructionKind;
  EXPECT_DOUBLE_EQ(opsOf(points, K::Fp32Fma), 128);
  EXPECT_DOUBLE_EQ(opsOf(points, K::Fp64Fma), 64);
  EXPECT_DOUBLE_EQ(opsOf(points, K::IntMad), 64);
  EXPECT_DOUBLE_EQ(opsOf(points, K::SinfFast), 16);       // MUFU.SIN, 16 per clock per SM
  EXPECT_DOUBLE_EQ(opsOf(points, K::Fp32DivFast), 16);    // MUFU.RCP
  EXPECT_DOUBLE_EQ(opsOf(points, K::LiteralFp64), 8);     // two F2F at 16 per clock
  EXPECT_DOUBLE_EQ(opsOf(points, K::LiteralFp32), 128);
  EXPECT_NEAR(opsOf(points, K::Sinf), 128.0 / 27, 1e-9);  // 27 instructions through 128 issue slots
  // Gop/s = ops/clk/SM x SMs x clock.
  EXPECT_NEAR(points[0].gops, 128 * 132 * 1.98, 1e-6);
}

TEST(InstructionCostsModel, TheSeedsClaimsHoldOnEveryProfile) {
  using K = InstructionKind;
  for (const sim::DeviceProfile& p : test::shippedProfiles()) {
    const auto points = modelInstructionCosts(p, p.info, p.info.maxThreadsPerSm);
    EXPECT_LE(opsOf(points, K::Fp64Fma), 0.55 * opsOf(points, K::Fp32Fma)) << p.id;
    // At least twice from Kepler on; Fermi's 4 special-function lanes per SM against its 32 FP32
    // lanes leave __sinf 1.75x ahead of sinf's polynomial.
    EXPECT_GE(opsOf(points, K::SinfFast), (p.id == "gtx480" ? 1.5 : 2) * opsOf(points, K::Sinf)) << p.id;
    // Fermi's 4 special-function lanes per SM bound both divisions alike (one MUFU.RCP each).
    if (p.id == "gtx480") EXPECT_GE(opsOf(points, K::Fp32DivFast), opsOf(points, K::Fp32Div));
    else EXPECT_GT(opsOf(points, K::Fp32DivFast), 1.25 * opsOf(points, K::Fp32Div)) << p.id;
    EXPECT_GE(opsOf(points, K::LiteralFp32), 2 * opsOf(points, K::LiteralFp64)) << p.id;
    EXPECT_LT(opsOf(points, K::IntDiv), opsOf(points, K::IntMad)) << p.id;
    for (const auto& point : points) EXPECT_GT(point.opsPerClockPerSm, 0) << p.id << " " << kindInfo(point.kind).key;
  }
}

TEST(InstructionCostsModel, OneWarpPerSmIsLatencyBound) {
  const sim::DeviceProfile& h200 = test::shippedProfile("h200");
  const auto full = modelInstructionCosts(h200, h200.info, 2048);
  const auto oneWarp = modelInstructionCosts(h200, h200.info, 32);
  // 32 threads x 4 chains = 128 FMAs in flight, Little's law asks 128 x 4.2 = 538.
  EXPECT_NEAR(opsOf(oneWarp, InstructionKind::Fp32Fma), 128.0 / 4.2, 1e-9);
  EXPECT_EQ(oneWarp[0].limiter, "latency: too few chains in flight");
  for (std::size_t i = 0; i < full.size(); ++i) EXPECT_LE(oneWarp[i].opsPerClockPerSm, full[i].opsPerClockPerSm);
}

TEST(InstructionCostsKinds, TableIsInKindOrderWithUniqueKeysAndMixesThatAddUp) {
  std::set<std::string> keys;
  for (int i = 0; i < kInstructionKindCount; ++i) {
    const KindInfo& k = instructionKinds()[static_cast<std::size_t>(i)];
    EXPECT_EQ(static_cast<int>(k.kind), i);
    EXPECT_TRUE(keys.insert(k.key).second) << k.key;
    EXPECT_GE(k.staticSassPerOp, k.executed.total() - 0.5) << k.key << ": executed more than compiled";
  }
}
