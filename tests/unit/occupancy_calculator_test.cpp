// The occupancy calculator (issue 7's groundwork): the lecture's two examples on a Kepler-class
// SM, where the hardware's register allocation changes the second answer, and Hopper cases
// worked out by CUDA's own calculator rules (cuda_occupancy.h).
#include <gtest/gtest.h>

#include <algorithm>

#include "mechanisms/occupancy_calculator.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {
namespace {

/// The lecture's Kepler SM: 2048 threads, 16 blocks, 65536 registers, 48 KiB of shared memory.
DeviceInfo keplerSm() {
  DeviceInfo d;
  d.name = "Kepler-class SM (the slide's numbers)";
  d.computeCapability = "3.5";
  d.maxThreadsPerSm = 2048;
  d.maxThreadsPerBlock = 1024;
  d.maxBlocksPerSm = 16;
  d.registersPerSm = 65536;
  d.sharedMemPerSmBytes = 48 * 1024;
  d.sharedMemPerBlockMaxBytes = 48 * 1024;
  d.reservedSharedMemPerBlockBytes = 0;
  d.warpSize = 32;
  return d;
}

/// cuda_occupancy.h's rules for compute capability 3.x.
sim::OccupancyRules keplerRules() {
  sim::OccupancyRules r;
  r.registerAllocationUnit = 256;
  r.registerFilePartitions = 4;
  r.maxRegistersPerThread = 255;
  r.sharedMemAllocationUnit = 256;
  return r;
}

int limitOf(const OccupancyResult& r, OccupancyLimiter which) {
  for (const OccupancyLimit& l : r.limits)
    if (l.resource == which) return l.blocksPerSm;
  return -1;
}

TEST(OccupancyCalculator, SlideExampleOne32ThreadsIsBlockLimitedAt16BlocksAnd25Percent) {
  const OccupancyRequest kernel{32, 100, 1024};
  for (const OccupancyResult& r : {calculateOccupancy(keplerSm(), keplerRules(), kernel), simpleOccupancy(keplerSm(), kernel)}) {
    EXPECT_EQ(r.blocksPerSm, 16);
    EXPECT_EQ(r.limiter, OccupancyLimiter::Blocks);
    EXPECT_DOUBLE_EQ(r.occupancyPct, 25.0);
    EXPECT_EQ(limitOf(r, OccupancyLimiter::Warps), 64);
    EXPECT_EQ(limitOf(r, OccupancyLimiter::SharedMemory), 48);
  }
  EXPECT_EQ(limitOf(simpleOccupancy(keplerSm(), kernel), OccupancyLimiter::Registers), 20) << "65536 / 3200";
  // With per-warp allocation (3328 registers) and 4 sub-partitions registers also stop at 16.
  EXPECT_EQ(limitOf(calculateOccupancy(keplerSm(), keplerRules(), kernel), OccupancyLimiter::Registers), 16);
}

TEST(OccupancyCalculator, SlideExampleTwoChangesOnceRegistersAreAllocatedPerWarpAndPartition) {
  const OccupancyRequest kernel{64, 100, 1024};
  // The slide's arithmetic: 65536 / 6400 = 10 blocks, 31.25%.
  const OccupancyResult simple = simpleOccupancy(keplerSm(), kernel);
  EXPECT_EQ(simple.blocksPerSm, 10);
  EXPECT_EQ(simple.limiter, OccupancyLimiter::Registers);
  EXPECT_DOUBLE_EQ(simple.occupancyPct, 31.25);
  // The hardware: 3200 registers per warp round up to 3328; a quarter of the register file (16384)
  // holds 4 such warps, so 16 warps = 8 blocks of 2 warps: 25%.
  const OccupancyResult hw = calculateOccupancy(keplerSm(), keplerRules(), kernel);
  EXPECT_EQ(hw.registersPerWarpAllocated, 3328);
  EXPECT_EQ(hw.blocksPerSm, 8);
  EXPECT_EQ(hw.limiter, OccupancyLimiter::Registers);
  EXPECT_DOUBLE_EQ(hw.occupancyPct, 25.0);
  EXPECT_EQ(limitOf(hw, OccupancyLimiter::Warps), 32);
}

const sim::DeviceProfile& h100() {
  static const std::vector<sim::DeviceProfile> profiles = sim::loadEmbeddedProfiles();
  const auto it = std::find_if(profiles.begin(), profiles.end(), [](const auto& p) { return p.id == "h100"; });
  EXPECT_NE(it, profiles.end());
  return *it;
}

TEST(OccupancyCalculator, HopperCasesFollowCudasRules) {
  const sim::DeviceProfile& p = h100();
  // 256 threads x 32 registers: 8 blocks fill the SM's 64 warps.
  OccupancyResult r = calculateOccupancy(p.info, p.occupancy, {256, 32, 0});
  EXPECT_EQ(r.blocksPerSm, 8);
  EXPECT_DOUBLE_EQ(r.occupancyPct, 100.0);
  // 64 registers: 2048 per warp, 8 warps per sub-partition, 32 warps: half the SM.
  r = calculateOccupancy(p.info, p.occupancy, {128, 64, 0});
  EXPECT_EQ(r.blocksPerSm, 8);
  EXPECT_EQ(r.limiter, OccupancyLimiter::Registers);
  EXPECT_DOUBLE_EQ(r.occupancyPct, 50.0);
  // 48 KiB of shared memory + the 1 KiB reserve: 4 blocks in 228 KiB.
  r = calculateOccupancy(p.info, p.occupancy, {256, 32, 48 * 1024});
  EXPECT_EQ(r.sharedBytesPerBlockAllocated, 49 * 1024);
  EXPECT_EQ(r.blocksPerSm, 4);
  EXPECT_EQ(r.limiter, OccupancyLimiter::SharedMemory);
  // Tiny blocks run into the 32-block limit.
  r = calculateOccupancy(p.info, p.occupancy, {32, 16, 0});
  EXPECT_EQ(r.blocksPerSm, 32);
  EXPECT_EQ(r.limiter, OccupancyLimiter::Blocks);
}

TEST(OccupancyCalculator, ImpossibleConfigurationsSayWhy) {
  const sim::DeviceProfile& p = h100();
  OccupancyResult r = calculateOccupancy(p.info, p.occupancy, {2048, 32, 0});
  EXPECT_EQ(r.blocksPerSm, 0);
  EXPECT_NE(r.infeasible.find("1024 threads"), std::string::npos) << r.infeasible;
  r = calculateOccupancy(p.info, p.occupancy, {1024, 255, 0});
  EXPECT_EQ(r.blocksPerSm, 0) << "1024 x 255 registers exceed the register file";
  EXPECT_FALSE(r.infeasible.empty());
}

}  // namespace
}  // namespace warpscope::labs
