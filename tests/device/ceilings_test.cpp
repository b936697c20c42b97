// Guards the ceilings every fraction is divided by: cudaMemcpy device-to-device must be a
// plausible share of theoretical DRAM bandwidth, and measured once per session.
#include <gtest/gtest.h>

#include "cuda/ceilings.h"
#include "labs/latency_memory/copy_bench.h"
#include "cuda/device_query.h"

namespace warpscope::cuda {
namespace {

class Ceilings : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

TEST_F(Ceilings, MemcpyIsBetween30And100PctOfTheoreticalDram) {
  DeviceContext context;
  context.info = queryDevice(0);
  const std::size_t bytes = std::size_t{256} << 20;
  CopyBench buffers(context.info, bytes, 3);
  buffers.fillSourceRandom();
  const BandwidthCeiling& c = memcpyCeiling(context, buffers.destination(), buffers.source(), bytes, nullptr);
  const double theoretical = context.info.dramBandwidthGBs;
  std::cout << "cudaMemcpy D2D " << (bytes >> 20) << " MiB: median " << c.gbpsMedian << " GB/s (" << c.gbpsMin << ".."
            << c.gbpsMax << ", " << c.reps << " copies) = " << c.gbpsMedian / theoretical
            << " of theoretical DRAM " << theoretical << " GB/s\n";
  EXPECT_LE(c.gbpsMin, c.gbpsMedian);
  EXPECT_LE(c.gbpsMedian, c.gbpsMax);
  EXPECT_GE(c.gbpsMedian, 0.3 * theoretical);
  EXPECT_LE(c.gbpsMedian, 1.0 * theoretical);
}

TEST_F(Ceilings, MemcpyIsMeasuredOncePerBufferSize) {
  DeviceContext context;
  context.info = queryDevice(0);
  const std::size_t bytes = std::size_t{64} << 20;
  CopyBench buffers(context.info, bytes, 4);
  buffers.fillSourceRandom();
  const BandwidthCeiling* first = &memcpyCeiling(context, buffers.destination(), buffers.source(), bytes, nullptr);
  const BandwidthCeiling* again = &memcpyCeiling(context, buffers.destination(), buffers.source(), bytes, nullptr);
  EXPECT_EQ(first, again);
  EXPECT_EQ(context.memcpyCeilings.size(), 1u);
}

}  // namespace
}  // namespace warpscope::cuda
