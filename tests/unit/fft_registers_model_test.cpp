// The fft-registers model against hand-worked cases: more points per thread means fewer passes and
// fewer shared-memory wavefronts (by the bank rule on the kernels' addresses), more registers and lower
// occupancy; DRAM bandwidth caps the fast variants at the copy ceiling's 16 bytes per point; few
// resident transforms make a variant latency-bound (Little's law); and 2 points per thread is
// issue-bound, slower than 16.
#include <gtest/gtest.h>

#include <cmath>

#include "labs/fft_registers/fft_registers_lab.h"
#include "labs/fft_registers/fft_registers_model.h"
#include "mechanisms/dram_system.h"
#include "mechanisms/shared_memory.h"
#include "test_data.h"

namespace warpscope::labs {
namespace {

const sim::DeviceProfile& h200() { return test::shippedProfile("h200"); }

constexpr unsigned kBatch1024 = kFftTotalPoints / 1024;

TEST(FftRegistersModel, MorePointsPerThreadMeansFewerExchangesAndFewerWavefronts) {
  double previous = 1e30;
  for (unsigned p : {2u, 4u, 8u, 16u}) {
    const unsigned exchanges = fftPassCount(1024, p) - 1;
    // Conflict-free, each exchange is a store and a load of the real and the imaginary parts of
    // every point, one wavefront per warp request: 4 x P requests per warp, N / P / 32 warps per
    // transform. The padded stores of the middle passes still meet 2-way conflicts on some banks,
    // which the bank rule counts (up to 1.75x the minimum).
    const double minimum = 4.0 * (1024 / 32) * exchanges;
    const double wavefronts = fftSharedWavefrontsPerTransform(1024, p, 32, 4);
    EXPECT_GE(wavefronts, minimum) << p << " points per thread";
    EXPECT_LE(wavefronts, 1.75 * minimum) << p << " points per thread";
    EXPECT_LT(wavefronts, previous);
    previous = wavefronts;
  }
  // 16 per thread, hand-worked: 2 warps per transform. Exchange 1 (after the first radix-16 pass):
  // lane j stores 16 j + r, padded 17 j + r: 32 banks, 16 requests x 2 parts x 2 warps = 64
  // wavefronts, and the loads j + 64 m another 64. Exchange 2 (span 16): lanes 0-15 store r x 16 +
  // j, lanes 16-31 256 + r x 16 + j - 16, padded 8 words further: half the banks twice, 2
  // wavefronts a request, 128; loads 64. 320 in all.
  EXPECT_DOUBLE_EQ(fftSharedWavefrontsPerTransform(1024, 16, 32, 4), 320);
  EXPECT_DOUBLE_EQ(fftSharedWavefrontsPerTransform(1024, 2, 32, 4), 1408);  // 9 exchanges
}

TEST(FftRegistersModel, OccupancyFallsAsRegistersRise) {
  const FftKernelParams k = fftKernelParams(h200());
  int registers = 0;
  double occupancy = 101;
  for (unsigned p : {2u, 4u, 8u, 16u}) {
    const FftPoint point = fftModelPoint(h200(), 1024, p, kBatch1024);
    EXPECT_EQ(point.registersPerThread, std::lround(k.registersBase + k.registersPerPoint * p));
    EXPECT_GT(point.registersPerThread, registers);
    EXPECT_LE(point.occupancyPct, occupancy) << p << " points per thread";
    registers = point.registersPerThread;
    occupancy = point.occupancyPct;
  }
  EXPECT_LT(fftModelPoint(h200(), 1024, 16, kBatch1024).occupancyPct, fftModelPoint(h200(), 1024, 2, kBatch1024).occupancyPct);
  // The compiled count replaces the estimate: 80 registers, 128-thread blocks: 80 x 128 = 10240
  // registers a block, 6 blocks (768 threads) of the SM's 65536: 37.5%.
  const FftPoint compiled = fftModelPoint(h200(), 1024, 16, kBatch1024, 80);
  EXPECT_TRUE(compiled.registersMeasured);
  EXPECT_EQ(compiled.blocksPerSm, 6);
  EXPECT_DOUBLE_EQ(compiled.occupancyPct, 37.5);
}

TEST(FftRegistersModel, SixteenPointsPerThreadIsCappedByDramAtSixteenBytesPerPoint) {
  const FftPoint p = fftModelPoint(h200(), 1024, 16, kBatch1024);
  // Near the ceiling the loaded latency grows (queueing), so Little's law and DRAM meet: either may
  // bind, within a few percent of each other.
  EXPECT_TRUE(p.limits.limiter == "DRAM bandwidth" || p.limits.limiter == "memory latency") << p.limits.limiter;
  // Hand-worked: the copy ceiling 0.883 x 4814.3 GB/s = 4251 GB/s, 16 bytes and 5 x 10 flops per
  // point: 13.28 TFLOP/s.
  const double dram = copyKernelCeilingGBs(h200()) / 16 * 50;
  EXPECT_NEAR(p.limits.dramGflops, dram, 1e-6 * dram);
  EXPECT_NEAR(dram, 13284, 5);
  EXPECT_LE(p.modelGflops, p.limits.dramGflops);
  EXPECT_GT(p.modelGflops, 0.9 * p.limits.dramGflops);
}

TEST(FftRegistersModel, TwoPointsPerThreadIsIssueBoundAndSlower) {
  const FftPoint two = fftModelPoint(h200(), 1024, 2, kBatch1024);
  const FftPoint sixteen = fftModelPoint(h200(), 1024, 16, kBatch1024);
  EXPECT_EQ(two.limits.limiter, "instruction issue");
  EXPECT_LT(two.modelGflops, 0.5 * sixteen.modelGflops);
  // Hand-worked issue limit: instructions per thread x 16 warps per transform over 4 schedulers
  // per SM issuing one warp instruction per clock.
  const FftKernelParams k = fftKernelParams(h200());
  const double instructions = k.instructionsPerPointPerPass * 2 * 10 + k.instructionsPerTwiddle * 9;
  EXPECT_DOUBLE_EQ(fftInstructionsPerThread(k, 1024, 2), instructions);
  const double transformsPerS = 132 * 4 * 1980e6 / (instructions * 512 / 32);
  EXPECT_NEAR(two.limits.issueGflops, transformsPerS * 51200 * 1e-9, 1e-6 * two.limits.issueGflops);
}

TEST(FftRegistersModel, FewResidentTransformsAreLatencyBoundByLittlesLaw) {
  // 256 points, 2 per thread, forced to 255 registers: 2 blocks of 128 threads (2 transforms) per
  // SM. Each transform's 2 KiB of loads is in flight for the DRAM latency plus its own path: far
  // too little to cover the latency.
  const FftPoint p = fftModelPoint(h200(), 256, 2, kFftTotalPoints / 256, 255);
  EXPECT_EQ(p.blocksPerSm, 2);
  EXPECT_EQ(p.limits.limiter, "memory latency");
  const DramSystem dram = dramSystem(h200());
  const SharedMemoryParams shared = sharedMemoryParams(h200());
  const double selfS =
      (fftInstructionsPerThread(fftKernelParams(h200()), 256, 2) + 2.0 * 7 * shared.latencyCycles) / 1980e6;
  const double unloaded = 132 * 2 / (dram.latencyNs * 1e-9 + selfS) * fftFlopsPerTransform(256) * 1e-9;
  EXPECT_LE(p.limits.latencyGflops, unloaded);  // the loaded latency is at least the unloaded one
  EXPECT_GT(p.limits.latencyGflops, 0.7 * unloaded);  // far from saturating DRAM: little queueing
}

TEST(FftRegistersModel, TheBandwidthBoundIsCudaMemcpysFractionOfDram) {
  FftPlan plan;
  plan.pointsPerThread = {16};
  const FftRun run = fftModelRun(h200(), plan);
  EXPECT_DOUBLE_EQ(run.bandwidthGBs, memcpyGBs(h200()));
  EXPECT_DOUBLE_EQ(run.bandwidthBoundGflops, memcpyGBs(h200()) / 16 * 50);
}

}  // namespace
}  // namespace warpscope::labs
