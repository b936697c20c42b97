// The atomics lab's rule and model against hand-worked cases: the L2 sector updates and shared
// wavefronts a warp's atomicAdd queues for 1 to many addresses, plain and warp-aggregated, the
// histogram's requests, and the model's rate: one address is one word's rate, aggregation divides
// the queue by the lanes it sums, and spreading the words raises the rate up to the units' limit.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "labs/atomics/atomics_lab.h"
#include "labs/atomics/atomics_model.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

std::vector<std::uint32_t> lanesOn(std::uint32_t (*word)(std::uint32_t lane)) {
  std::vector<std::uint32_t> lanes;
  for (std::uint32_t lane = 0; lane < 32; ++lane) lanes.push_back(word(lane));
  return lanes;
}

double modelGops(AtomicVariant variant, AtomicValueType type, unsigned addresses) {
  const sim::DeviceProfile& p = test::shippedProfile("h200");
  return atomicModelGops(atomicUnits(p), p.info, variant, type, addresses);
}

}  // namespace

TEST(AtomicRule, OneAddressQueuesEveryLaneAndAggregationOneUpdate) {
  const auto one = lanesOn([](std::uint32_t) { return 0u; });
  const AtomicRequestShape plain = atomicRequestShape({one}, false);
  EXPECT_DOUBLE_EQ(plain.sectorUpdates, 32);  // lanes on one word do not share an update
  EXPECT_DOUBLE_EQ(plain.wavefronts, 32);     // nor a shared-memory wavefront
  EXPECT_DOUBLE_EQ(plain.groups, 1);
  const AtomicRequestShape aggregated = atomicRequestShape({one}, true);
  EXPECT_DOUBLE_EQ(aggregated.sectorUpdates, 1);
  EXPECT_DOUBLE_EQ(aggregated.wavefronts, 1);
}

TEST(AtomicRule, ConsecutiveWordsShareTheirSectorsUpdateAndTakeOneWavefront) {
  const auto consecutive = lanesOn([](std::uint32_t lane) { return lane; });
  const AtomicRequestShape s = atomicRequestShape({consecutive}, false);
  EXPECT_DOUBLE_EQ(s.sectorUpdates, 4);  // 128 aligned bytes: 4 sectors, one update each
  EXPECT_DOUBLE_EQ(s.wavefronts, 1);     // 32 words in 32 banks
  EXPECT_DOUBLE_EQ(s.groups, 32);
  const auto shifted = lanesOn([](std::uint32_t lane) { return lane + 1; });
  EXPECT_DOUBLE_EQ(atomicRequestShape({shifted}, false).sectorUpdates, 5);  // straddles a fifth sector
}

TEST(AtomicRule, LanesSharingWordsQueueTheMostLanesOnOneWordOfEachSector) {
  // Two words, 16 lanes each, in one sector: 16 updates (the words' queues run side by side in
  // the sector's update); in shared memory two banks, 16 lanes each: 16 wavefronts.
  const auto two = lanesOn([](std::uint32_t lane) { return lane % 2; });
  EXPECT_DOUBLE_EQ(atomicRequestShape({two}, false).sectorUpdates, 16);
  EXPECT_DOUBLE_EQ(atomicRequestShape({two}, false).wavefronts, 16);
  // Words 0 and 32 are in one bank: aggregated, two words in a bank are two wavefronts.
  const auto sameBank = lanesOn([](std::uint32_t lane) { return (lane % 2) * 32; });
  EXPECT_DOUBLE_EQ(atomicRequestShape({sameBank}, false).wavefronts, 32);
  EXPECT_DOUBLE_EQ(atomicRequestShape({sameBank}, true).wavefronts, 2);
  EXPECT_DOUBLE_EQ(atomicRequestShape({sameBank}, true).sectorUpdates, 2);  // two sectors, one update each
}

TEST(AtomicRule, TheSweepAveragesTheEightAlignmentsOfItsWords) {
  // N >= 64: lanes on 32 consecutive words from (i mod 8): aligned once (4 sectors), else 5.
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::Global, 1u << 20), (4 + 7 * 5) / 8.0);
  // N = 32: the words wrap inside one line: always 4.
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::Global, 32), 4);
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::Global, 4), 8);  // 8 lanes per word
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::Shared, 16), 2);
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::Shared, 1024), 1);
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::GlobalAggregated, 1), 1);
  // Shared variants stop at one word per thread of a block.
  EXPECT_DOUBLE_EQ(atomicQueuePerRequest(AtomicVariant::Shared, 1u << 20), 1);
}

TEST(AtomicRule, TheHistogramsOneValueInputPutsEveryLaneOnOneBin) {
  const AtomicRequestShape one = atomicRequestShape(histogramRequests(true), false);
  EXPECT_DOUBLE_EQ(one.wavefronts, 32);
  EXPECT_DOUBLE_EQ(one.groups, 1);
  const AtomicRequestShape uniform = atomicRequestShape(histogramRequests(false), false);
  EXPECT_GT(uniform.groups, 15);  // 32 lanes over 256 bins: mostly distinct
  EXPECT_LT(uniform.wavefronts, 8);
}

TEST(AtomicsModel, OneAddressRunsAtOneWordsRateAndAggregationCarries32LanesAnUpdate) {
  const sim::DeviceProfile& p = test::shippedProfile("h200");
  const AtomicUnits u = atomicUnits(p);
  const double one = modelGops(AtomicVariant::Global, AtomicValueType::Int, 1);
  // Within the smooth minimum's blend of the word's own rate: at most that rate.
  EXPECT_LE(one, u.l2WordUpdatesPerClock * p.info.smClockMhz * 1e-3);
  EXPECT_GT(one, 0.5 * u.l2WordUpdatesPerClock * p.info.smClockMhz * 1e-3);
  const double aggregated = modelGops(AtomicVariant::GlobalAggregated, AtomicValueType::Int, 1);
  EXPECT_NEAR(aggregated / one, 32, 1.0);  // one update carries the warp's 32 lanes
  EXPECT_LT(modelGops(AtomicVariant::Global, AtomicValueType::Float, 1), one);  // float is slower at the word
}

TEST(AtomicsModel, SpreadingTheWordsRaisesTheRateUpToTheUnitsLimit) {
  double last = 0;
  for (unsigned a = 1; a <= 8; a *= 2) {
    const double rate = modelGops(AtomicVariant::Global, AtomicValueType::Int, a);
    EXPECT_NEAR(rate, 2 * last > 0 ? 2 * last : rate, 0.05 * rate) << a << " addresses: doubling the words doubles it";
    last = rate;
  }
  const sim::DeviceProfile& p = test::shippedProfile("h200");
  const AtomicUnits u = atomicUnits(p);
  const double cap = u.l2SectorUpdatesPerClock * 32 / atomicQueuePerRequest(AtomicVariant::Global, 1u << 20) *
                     p.info.smClockMhz * 1e-3;
  const double many = modelGops(AtomicVariant::Global, AtomicValueType::Int, 1u << 20);
  EXPECT_LE(many, cap);
  EXPECT_GT(many, 0.9 * cap);
  EXPECT_GT(modelGops(AtomicVariant::Shared, AtomicValueType::Int, 1024),
            20 * modelGops(AtomicVariant::Shared, AtomicValueType::Int, 1));
}

TEST(AtomicsModel, AProfileWithoutTheMechanismIsRefusedByName) {
  const sim::DeviceProfile& p = test::shippedProfile("a100");
  try {
    atomicUnits(p);
    FAIL() << "the A100 profile has no atomics parameters";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("atomics"), std::string::npos) << e.what();
  }
}
