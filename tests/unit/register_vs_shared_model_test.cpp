// register-vs-shared's model (Volkov part III): an FMA fed from shared memory is capped by its
// bandwidth whatever the thread count, the register variant reaches FP32 peak with enough
// parallelism, and the GTX480 lands on the seed's own numbers (1.3 TB/s, 8.1 TB/s, 336 Gflop/s).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/register_vs_shared/register_vs_shared_lab.h"
#include "labs/register_vs_shared/register_vs_shared_model.h"
#include "mechanisms/device_profile.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::sim;
using namespace warpscope::labs;

namespace {

const DeviceProfile& profile(const std::string& id) { return test::shippedProfile(id); }

double fraction(const DeviceProfile& p, int threads, int ilp, int variant) {
  return rvsFractionOfPeak(p.info, fmaPipeline(p), sharedMemoryParams(p), threads, ilp, rvsSharedOperands(variant));
}

}  // namespace

TEST(RegisterVsSharedModel, EveryProfileHasTheSharedMemoryMechanismWithSources) {
  for (const DeviceProfile& p : test::shippedProfiles()) {
    const SharedMemoryParams shared = sharedMemoryParams(p);  // throws naming the field if missing
    EXPECT_GT(shared.bytesPerClockPerSm, 0) << p.fileName;
    EXPECT_FALSE(p.paramSource("shared_memory", "bytes_per_clock_per_sm").empty()) << p.fileName;
    EXPECT_FALSE(p.paramSource("shared_memory", "latency_cycles").empty()) << p.fileName;
    EXPECT_FALSE(p.paramSource("shared_memory", "loads_in_flight_per_warp").empty()) << p.fileName;
  }
}

TEST(RegisterVsSharedModel, Gtx480CeilingsAreVolkovsNumbers) {
  // Volkov, part III (GTX480): "a*b+c: 2 flops, 12 bytes in ... This is 8.1 TB/s for 1.3 Tflop/s";
  // shared memory "4B*32banks*15 SMs*half 1.4GHz = 1.3TB/s only"; the SDK matmul's "2 flops per
  // 2 shared memory accesses = 4 B/flop ... bound by shared memory bandwidth to 336 Gflop/s".
  const DeviceProfile& p = profile("gtx480");
  const RvsCeilings c = rvsCeilings(p.info, sharedMemoryParams(p).bytesPerClockPerSm);
  EXPECT_NEAR(c.sharedGbps, 1344, 5);                              // 1.3 TB/s
  EXPECT_NEAR(c.fp32Gflops / 2 * 12, 8100, 50);                     // 8.1 TB/s of register operands
  EXPECT_NEAR(c.gflopsCap(kRvsShared2), 336, 1);                    // 336 Gflop/s
  EXPECT_NEAR(c.fp32Gflops / 2 * 12 / c.sharedGbps, 6.0, 0.05);     // "~6x lower ... on Fermi"
  EXPECT_DOUBLE_EQ(c.gflopsCap(kRvsRegisters), c.fp32Gflops);
}

TEST(RegisterVsSharedModel, HopperSharedOperandsCapAQuarterAndAnEighthOfPeak) {
  // 128 B/clk/SM against 128 lanes x 4 B per operand.
  const DeviceProfile& p = profile("h200");
  EXPECT_DOUBLE_EQ(sharedBandwidthCapFraction(p.info, sharedMemoryParams(p), 1), 0.25);
  EXPECT_DOUBLE_EQ(sharedBandwidthCapFraction(p.info, sharedMemoryParams(p), 2), 0.125);
  EXPECT_DOUBLE_EQ(sharedBandwidthCapFraction(p.info, sharedMemoryParams(p), 0), 1.0);
  // Volta and Ampere have half the FP32 lanes per SM: half the gap.
  EXPECT_DOUBLE_EQ(sharedBandwidthCapFraction(profile("a100").info, sharedMemoryParams(profile("a100")), 1), 0.5);
}

TEST(RegisterVsSharedModel, SharedVariantsNeverExceedTheirBandwidthCapOnAnyProfile) {
  for (const DeviceProfile& p : test::shippedProfiles())
    for (int variant : {kRvsShared1, kRvsShared2}) {
      const double cap = sharedBandwidthCapFraction(p.info, sharedMemoryParams(p), rvsSharedOperands(variant));
      ASSERT_LT(cap, 1.0) << p.fileName;
      for (int ilp : kRvsIlpValues)
        for (int threads = 32; threads <= p.info.maxThreadsPerSm; threads += 32)
          EXPECT_LE(fraction(p, threads, ilp, variant), cap + 1e-12)
              << p.fileName << " variant " << variant << " ILP " << ilp << " threads " << threads;
    }
}

TEST(RegisterVsSharedModel, MoreThreadsDoNotHelpOnceTheSharedCapIsReached) {
  // Past the thread count that saturates shared memory, every even deal of warps to the
  // schedulers sits exactly on the cap, and no thread count rises above it.
  for (const DeviceProfile& p : test::shippedProfiles())
    for (int variant : {kRvsShared1, kRvsShared2}) {
      const double cap = sharedBandwidthCapFraction(p.info, sharedMemoryParams(p), rvsSharedOperands(variant));
      const int evenDeal = 32 * p.info.schedulersPerSm;
      int reached = 0;
      for (int threads = evenDeal; threads <= p.info.maxThreadsPerSm; threads += evenDeal) {
        const double f = fraction(p, threads, 4, variant);
        if (reached) {
          EXPECT_NEAR(f, cap, 1e-12) << p.fileName << ": past " << reached << " threads, " << threads;
        } else if (f >= cap - 1e-12) {
          reached = threads;
        }
      }
      EXPECT_GT(reached, 0) << p.fileName << " variant " << variant << " never reaches its cap at ILP 4";
      EXPECT_LE(reached, p.info.maxThreadsPerSm / 4) << p.fileName << ": the cap is reached at modest occupancy";
    }
}

TEST(RegisterVsSharedModel, TheBusiestSchedulerSetsTheSharedRate) {
  // H200: 128 B/clk/SM over 4 schedulers is 32 B/clk each; one warp supplies 5 x 128 B / 29
  // cycles = 22 B/clk. 4 warps, one per scheduler: 88 B/clk. 5 warps: the scheduler with two is
  // capped at 32 B/clk, 16 per warp, and all warps do equal work: 5 x 16 = 80 B/clk, less than 4
  // warps (the H200 measured 90 and 97). 8 warps: 128, the cap.
  const DeviceProfile& p = profile("h200");
  const SharedMemoryParams shared = sharedMemoryParams(p);
  const double warp = 5.0 * 128 / 29;
  EXPECT_NEAR(sharedBytesPerClock(p.info, shared, 32), warp, 1e-9);
  EXPECT_NEAR(sharedBytesPerClock(p.info, shared, 128), 4 * warp, 1e-9);
  EXPECT_NEAR(sharedBytesPerClock(p.info, shared, 160), 80, 1e-9);
  EXPECT_NEAR(sharedBytesPerClock(p.info, shared, 256), 128, 1e-9);
  EXPECT_NEAR(sharedBytesPerClock(p.info, shared, 2048), 128, 1e-9);
}

TEST(RegisterVsSharedModel, RegisterVariantReachesPeakWithEnoughParallelismOnEveryProfile) {
  for (const DeviceProfile& p : test::shippedProfiles()) {
    const int maxThreads = p.info.maxThreadsPerSm - p.info.maxThreadsPerSm % (32 * p.info.schedulersPerSm);
    EXPECT_NEAR(fraction(p, maxThreads, 4, kRvsRegisters), 1.0, 1e-9) << p.fileName;
    // And it equals latency-arith's FMA pipeline: no shared-memory term.
    EXPECT_DOUBLE_EQ(fraction(p, 96, 2, kRvsRegisters), arithFractionOfPeak(p.info, fmaPipeline(p), 96, 2));
  }
}

TEST(RegisterVsSharedModel, OneWarpIsBoundByLittlesLawForSharedMemoryWhateverItsIlp) {
  // H200, one warp, b from shared memory: 5 loads x 128 B in flight over 29 cycles = 22 B/clk,
  // 22 / (128 lanes x 4 B) = 4.3% of peak, below the FMA pipeline's 1 / (4 x 4.2) = 6% at ILP 1.
  // More chains do not raise it: the H200 measured the same 22-25 B/clk per warp at ILP 1 to 8.
  const DeviceProfile& p = profile("h200");
  const SharedMemoryParams shared = sharedMemoryParams(p);
  const double expected = shared.loadsInFlightPerWarp * 128 / shared.latencyCycles / (128.0 * 4);
  for (int ilp : kRvsIlpValues) EXPECT_NEAR(fraction(p, 32, ilp, kRvsShared1), expected, 1e-12) << "ILP " << ilp;
  EXPECT_LT(fraction(p, 32, 1, kRvsShared1), fraction(p, 32, 1, kRvsRegisters));
  // Two operands per FMA from the same bytes per clock: half the FMAs.
  EXPECT_NEAR(fraction(p, 32, 4, kRvsShared2), expected / 2, 1e-12);
}

TEST(RegisterVsSharedModel, RegistersAreNeverSlowerThanSharedOperands) {
  for (const DeviceProfile& p : test::shippedProfiles())
    for (int ilp : kRvsIlpValues)
      for (int threads = 32; threads <= p.info.maxThreadsPerSm; threads += 32) {
        EXPECT_GE(fraction(p, threads, ilp, kRvsRegisters), fraction(p, threads, ilp, kRvsShared1)) << p.fileName;
        EXPECT_GE(fraction(p, threads, ilp, kRvsShared1), fraction(p, threads, ilp, kRvsShared2)) << p.fileName;
      }
}

TEST(RegisterVsSharedModel, AProfileWithoutTheMechanismIsRefusedNamingTheField) {
  DeviceProfile p = profile("h100");
  p.mechanisms.erase("shared_memory");
  try {
    (void)sharedMemoryParams(p);
    FAIL() << "the model cannot run without shared_memory";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("shared_memory"), std::string::npos) << e.what();
  }
}
