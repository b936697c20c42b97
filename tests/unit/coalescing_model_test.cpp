// The coalescing lab's rule and model against hand-worked cases: the 32-byte sectors a warp's 32
// addresses touch for strides, offsets and element sizes, the fill reads a gapped write costs, and
// the model's bandwidth falling with the stride.
#include <gtest/gtest.h>

#include <vector>

#include "labs/coalescing/coalescing_lab.h"
#include "labs/coalescing/coalescing_model.h"
#include "mechanisms/memory_transactions.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

WarpFootprint footprint(int elementBytes, int offset, int stride) {
  CoalescingPlan plan;
  plan.elementBytes = elementBytes;
  plan.offsetElements = offset;
  return coalescingFootprint(plan, stride, MemoryTransactions{});
}

}  // namespace

TEST(SectorRule, FloatsAtStride1FillFourSectorsOfOneLine) {
  const WarpFootprint f = footprint(4, 0, 1);
  EXPECT_EQ(f.sectors, 4);
  EXPECT_EQ(f.lines, 1);
  EXPECT_EQ(f.usefulBytes, 128);
}

TEST(SectorRule, FloatStridesTouchFourSectorsPerStrideUpToOnePerLane) {
  // 32 lanes x 4 B x stride bytes span 128 x stride bytes: 4 x stride sectors, at most 32.
  const int expected[] = {4, 8, 12, 16, 20, 24, 28, 32, 32, 32};
  for (int stride = 1; stride <= 10; ++stride) EXPECT_EQ(footprint(4, 0, stride).sectors, expected[stride - 1]) << stride;
  EXPECT_EQ(footprint(4, 0, 100).sectors, 32);
  EXPECT_EQ(footprint(4, 0, 100).lines, 32);
  EXPECT_EQ(footprint(4, 0, 16).lines, 16);  // 64 bytes apart: two lanes per line
}

TEST(SectorRule, AnOffsetStraddlesASectorBoundaryUnlessItIsAWholeSector) {
  EXPECT_EQ(footprint(4, 1, 1).sectors, 5);
  EXPECT_EQ(footprint(4, 1, 1).lines, 2);
  EXPECT_EQ(footprint(4, 7, 1).sectors, 5);
  EXPECT_EQ(footprint(4, 8, 1).sectors, 4);  // 32 bytes: whole sectors again,
  EXPECT_EQ(footprint(4, 8, 1).lines, 2);    // but bytes 32..159 still cross a line
  EXPECT_EQ(footprint(4, 32, 1).lines, 1);    // 128 bytes: a whole line
}

TEST(SectorRule, WideElementsTouchMoreSectorsAtStride1AndOnePerLaneBeyond) {
  EXPECT_EQ(footprint(8, 0, 1).sectors, 8);    // 256 bytes
  EXPECT_EQ(footprint(16, 0, 1).sectors, 16);  // 512 bytes
  EXPECT_EQ(footprint(16, 0, 2).sectors, 32);  // 16 bytes used of every 32
  EXPECT_EQ(footprint(16, 1, 1).sectors, 17);  // bytes 16..527: half a sector at each end
  EXPECT_EQ(footprint(16, 1, 1).lines, 5);
  EXPECT_EQ(footprint(8, 3, 1).sectors, 9);    // 24-byte offset: one sector more
}

TEST(SectorRule, DistinctUnitsCountsEveryUnitAnAccessSpans) {
  EXPECT_EQ(distinctUnits({0, 4, 8}, 4, 32), 1);
  EXPECT_EQ(distinctUnits({30}, 4, 32), 2);  // bytes 30..33 cross into the next sector
  EXPECT_EQ(distinctUnits({0, 64, 128}, 16, 64), 3);
}

TEST(CoalescingModel, UsefulBandwidthFallsWithTheStrideAndFlattensWhereEachLaneHasItsLine) {
  for (const sim::DeviceProfile& p : test::shippedProfilesWith("memory_transactions")) {
    CoalescingPlan plan;
    plan.elementBytes = 4;
    double previous = 1e30;
    for (int stride : {1, 2, 4, 8, 16, 32, 64}) {
      const double gbs = coalescingModelRates(p, plan, stride).usefulGBs;
      EXPECT_LE(gbs, previous * 1.0001) << p.id << " stride " << stride;
      previous = gbs;
    }
    // Strides 64 and 100 both put every lane two or more lines from the next: the same rate.
    EXPECT_DOUBLE_EQ(coalescingModelRates(p, plan, 64).usefulGBs, coalescingModelRates(p, plan, 100).usefulGBs) << p.id;
  }
}

TEST(CoalescingModel, AGappedWriteCostsItsFillReads) {
  const sim::DeviceProfile& p = test::shippedProfile("h200");
  CoalescingPlan plan;
  plan.elementBytes = 4;
  // Hand-worked with 64-byte fill granules: stride 1 moves 4 + 4 sectors for 256 useful bytes
  // (1.0); stride 2: 8 + 8 sectors + 4 granules of 64 B = 768 B for 256 (3.0); stride 8: 32 + 32
  // sectors + 16 granules = 3072 B (12.0); stride 16: 32 + 32 sectors + 32 granules = 4096 (16.0).
  EXPECT_DOUBLE_EQ(coalescingModelRates(p, plan, 1).movedPerUseful, 1.0);
  EXPECT_DOUBLE_EQ(coalescingModelRates(p, plan, 2).movedPerUseful, 3.0);
  EXPECT_DOUBLE_EQ(coalescingModelRates(p, plan, 8).movedPerUseful, 12.0);
  EXPECT_DOUBLE_EQ(coalescingModelRates(p, plan, 16).movedPerUseful, 16.0);
}

TEST(CoalescingModel, AProfileWithoutTheMechanismIsRefusedByName) {
  for (const sim::DeviceProfile& p : test::shippedProfiles()) {
    if (p.mechanisms.count("memory_transactions")) continue;
    CoalescingPlan plan;
    try {
      (void)coalescingModelRates(p, plan, 1);
      ADD_FAILURE() << p.id << " ran without memory_transactions";
    } catch (const BadInputError& e) {
      EXPECT_NE(std::string(e.what()).find("memory_transactions"), std::string::npos) << e.what();
    }
  }
}
