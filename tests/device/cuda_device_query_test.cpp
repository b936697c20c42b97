// Guards the device query: DeviceInfo read from the driver must be sane, since every ceiling and
// occupancy figure is computed from it.
#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <regex>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "warpscope/backend.h"
#include "resolved_run.h"

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
  EXPECT_EQ(fp32LanesPerSm(5, 0), 128);
  EXPECT_EQ(fp32LanesPerSm(5, 2), 128);
  EXPECT_EQ(fp32LanesPerSm(6, 0), 64);
  EXPECT_EQ(fp32LanesPerSm(6, 1), 128);
  EXPECT_EQ(fp32LanesPerSm(6, 2), 128);
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

TEST_F(CudaDeviceQuery, BackendListsEveryUsableDeviceAsCudaOrdinal) {
  const auto backend = std::make_unique<CudaBackend>();
  EXPECT_EQ(backend->name(), "CUDA");
  const auto devices = backend->devices();
  ASSERT_FALSE(devices.empty()) << "cudaUnavailableReason() said a device is usable";
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  // Every device is either listed or left out with a reason; ids keep the runtime's ordinal.
  EXPECT_EQ(devices.size() + backend->leftOutDevices().size(), static_cast<std::size_t>(count));
  int previous = -1;
  for (const DeviceInfo& d : devices) {
    const int ordinal = ordinalFromId(d.id);
    EXPECT_GT(ordinal, previous) << d.id;
    EXPECT_EQ(unusableDeviceReason(ordinal), "") << d.id;
    previous = ordinal;
  }
  for (const LeftOutDevice& left : backend->leftOutDevices()) {
    std::cout << "left out: " << left.reason << "\n";
    EXPECT_FALSE(left.reason.empty()) << left.id;
    CancelToken cancel;
    const RunOutcome outcome = test::runResolved(*backend, {"latency-arith", left.id, {}, RunScope::FocusOnly}, {}, cancel);
    ASSERT_FALSE(outcome.ok());
    EXPECT_EQ(outcome.error().message, left.reason) << "a left-out device says why when asked for";
  }
  EXPECT_NE(makeCudaBackend(), nullptr);
}

TEST_F(CudaDeviceQuery, ProbeKeepsTheCurrentDeviceAndLeavesNoError) {
  ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  int count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  for (int i = 0; i < count; ++i) (void)unusableDeviceReason(i);
  int current = -1;
  ASSERT_EQ(cudaGetDevice(&current), cudaSuccess);
  EXPECT_EQ(current, 0);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

}  // namespace
}  // namespace warpscope::cuda
