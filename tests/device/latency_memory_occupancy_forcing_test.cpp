// Guards occupancy forcing: the shared-memory size found must give exactly the planned blocks per
// SM, by the occupancy API and by the hardware (a probe kernel counts its co-resident blocks),
// and an impossible level must come back as 0, never as a silently different level.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_query.h"
#include "cuda/kernels/occupancy_probe.h"
#include "labs/latency_memory/volkov_copy.h"
#include "cuda/occupancy.h"

namespace warpscope::cuda {
namespace {

class OccupancyForcing : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    device = queryDevice(0);
  }
  DeviceInfo device;
};

TEST_F(OccupancyForcing, CopyKernelGetsEveryPlannedLevelTheApiAllows) {
  const void* kernel = volkovCopyKernel(16, 8, CacheHint::Streaming);
  const int threads = 64;
  const int unforced = residentBlocksPerSm(kernel, threads, 0);
  ASSERT_GT(unforced, 1);
  for (int planned = 1; planned <= unforced; ++planned) {
    const ForcedOccupancy forced = forceBlocksPerSm(kernel, threads, planned, device);
    EXPECT_EQ(forced.blocksPerSm, planned);
    EXPECT_EQ(residentBlocksPerSm(kernel, threads, forced.dynamicSmemBytes), planned);
  }
}

TEST_F(OccupancyForcing, LevelsBeyondTheRegisterLimitReportZero) {
  // 16 float4 per thread need ~70 registers: 2048 threads would need more than an SM has.
  const void* kernel = volkovCopyKernel(16, 16, CacheHint::Streaming);
  const int threads = 64;
  const int full = device.maxThreadsPerSm / threads;
  ASSERT_LT(residentBlocksPerSm(kernel, threads, 0), full);
  EXPECT_EQ(forceBlocksPerSm(kernel, threads, full, device).blocksPerSm, 0);
}

TEST_F(OccupancyForcing, HardwareKeepsExactlyThePlannedBlocksResident) {
  const void* kernel = occupancyProbeKernel();
  const int threads = 64;
  DeviceBuffer now(sizeof(unsigned) * kProbeMaxSmIds);
  DeviceBuffer max(sizeof(unsigned) * kProbeMaxSmIds);
  std::vector<unsigned> host(kProbeMaxSmIds);
  for (int planned : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32}) {
    if (planned * threads > device.maxThreadsPerSm || planned > device.maxBlocksPerSm) continue;
    const ForcedOccupancy forced = forceBlocksPerSm(kernel, threads, planned, device);
    ASSERT_EQ(forced.blocksPerSm, planned);
    WS_CUDA_CHECK(cudaMemset(now.get(), 0, now.bytes()));
    WS_CUDA_CHECK(cudaMemset(max.get(), 0, max.bytes()));
    // Two waves: every SM is offered more blocks than it may hold; ~100 us holds keep them waiting.
    const auto blocks = static_cast<unsigned>(2 * planned * device.smCount);
    WS_CUDA_CHECK(launchOccupancyProbe(blocks, threads, forced.dynamicSmemBytes, now.as<unsigned>(), max.as<unsigned>(),
                                       static_cast<long long>(device.smClockMhz * 100)));
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    WS_CUDA_CHECK(cudaMemcpy(host.data(), max.get(), max.bytes(), cudaMemcpyDeviceToHost));
    const unsigned highest = *std::max_element(host.begin(), host.end());
    const auto smsUsed = std::count_if(host.begin(), host.end(), [](unsigned v) { return v > 0; });
    EXPECT_EQ(highest, static_cast<unsigned>(planned)) << "smem " << forced.dynamicSmemBytes << " B per block";
    EXPECT_EQ(smsUsed, device.smCount);
  }
}

}  // namespace
}  // namespace warpscope::cuda
