// Guards the device query: DeviceInfo read from the driver must be sane, since every ceiling and
// occupancy figure is computed from it.
#include <gtest/gtest.h>

#include <regex>

#include "cuda/device_query.h"
#include "warpscope/backend.h"

namespace warpscope::cuda {
namespace {

class CudaDeviceQuery : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

TEST(CudaLanesTable, Fp32LanesPerSmFollowTheProgrammingGuide) {
  // No device needed: a pure table.
  EXPECT_EQ(fp32LanesPerSm(7, 0), 64);
  EXPECT_EQ(fp32LanesPerSm(7, 5), 64);
  EXPECT_EQ(fp32LanesPerSm(8, 0), 64);
  EXPECT_EQ(fp32LanesPerSm(8, 6), 128);
  EXPECT_EQ(fp32LanesPerSm(8, 9), 128);
  EXPECT_EQ(fp32LanesPerSm(9, 0), 128);
  EXPECT_EQ(fp32LanesPerSm(10, 0), 128);
  EXPECT_EQ(fp32LanesPerSm(12, 0), 128);
}

TEST(CudaDeviceIds, OrdinalsParseOnlyFromCudaIds) {
  EXPECT_EQ(ordinalFromId("cuda:0"), 0);
  EXPECT_EQ(ordinalFromId("cuda:12"), 12);
  EXPECT_EQ(ordinalFromId("cuda:"), -1);
  EXPECT_EQ(ordinalFromId("cuda:1x"), -1);
  EXPECT_EQ(ordinalFromId("sim:h100"), -1);
}

TEST_F(CudaDeviceQuery, FirstDeviceReportsSaneProperties) {
  const DeviceInfo d = queryDevice(0);
  std::cout << d.name << " cc " << d.computeCapability << ", " << d.smCount << " SMs x " << d.fp32LanesPerSm
            << " lanes at " << d.smClockMhz << " MHz = " << d.theoreticalFp32Gflops() / 1000 << " TFLOP/s; "
            << d.registersPerSm << " regs/SM, " << d.sharedMemPerSmBytes << " B smem/SM (block opt-in "
            << d.sharedMemPerBlockMaxBytes << ", reserved " << d.reservedSharedMemPerBlockBytes << "), "
            << d.maxThreadsPerSm << " threads/SM, " << d.maxBlocksPerSm << " blocks/SM; memory " << d.memClockMhz
            << " MHz x " << d.memBusWidthBits << " bit = " << d.dramBandwidthGBs << " GB/s, L2 " << d.l2Bytes
            << " B, " << d.globalMemBytes << " B global\n";
  EXPECT_EQ(d.id, "cuda:0");
  EXPECT_EQ(d.kind, DeviceKind::Cuda);
  EXPECT_FALSE(d.name.empty());
  EXPECT_TRUE(std::regex_match(d.computeCapability, std::regex(R"(\d+\.\d+)"))) << d.computeCapability;
  EXPECT_GT(d.smCount, 0);
  EXPECT_TRUE(d.fp32LanesPerSm == 64 || d.fp32LanesPerSm == 128);
  EXPECT_EQ(d.schedulersPerSm, 4);
  EXPECT_GE(d.registersPerSm, 65536);
  EXPECT_GE(d.sharedMemPerSmBytes, 64 * 1024);
  EXPECT_GE(d.sharedMemPerBlockMaxBytes, 48 * 1024);
  EXPECT_LE(d.sharedMemPerBlockMaxBytes, d.sharedMemPerSmBytes);
  EXPECT_GE(d.reservedSharedMemPerBlockBytes, 0);
  EXPECT_GE(d.maxThreadsPerSm, 1024);
  EXPECT_GE(d.maxBlocksPerSm, 16);
  EXPECT_EQ(d.maxThreadsPerBlock, 1024);
  EXPECT_EQ(d.warpSize, 32);
  EXPECT_GT(d.smClockMhz, 500);
  EXPECT_LT(d.smClockMhz, 5000);
  EXPECT_GT(d.memClockMhz, 0);
  EXPECT_GE(d.memBusWidthBits, 64);
  EXPECT_GT(d.l2Bytes, 0);
  EXPECT_GT(d.globalMemBytes, 1LL << 30);
  EXPECT_GT(d.dramBandwidthGBs, 100);
  EXPECT_GT(d.theoreticalFp32Gflops(), 1000);
}

TEST_F(CudaDeviceQuery, BackendListsEveryDeviceAsCudaN) {
  const auto backend = makeCudaBackend();
  ASSERT_NE(backend, nullptr);
  EXPECT_EQ(backend->name(), "CUDA");
  const auto devices = backend->devices();
  ASSERT_FALSE(devices.empty());
  for (std::size_t i = 0; i < devices.size(); ++i) EXPECT_EQ(devices[i].id, "cuda:" + std::to_string(i));
}

}  // namespace
}  // namespace warpscope::cuda
