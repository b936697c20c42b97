// Guards the latency-memory copy kernel's result for every element size and count, and that the
// device-side check really catches a destination the copy did not fully write.
#include <gtest/gtest.h>

#include "labs/latency_memory/copy_bench.h"
#include "cuda/cuda_check.h"
#include "cuda/device_query.h"

namespace warpscope::cuda {
namespace {

class CopyKernel : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
  static TimingPolicy quick() {
    TimingPolicy p;
    p.warmups = 1;
    p.reps = 2;
    p.minReps = 1;
    return p;
  }
};

constexpr std::size_t kTestBuffer = std::size_t{64} << 20;

TEST_F(CopyKernel, EveryElementSizeAndCountCopiesExactly) {
  for (CacheHint hint : {CacheHint::Streaming, CacheHint::Default}) {
    CopyBench bench(queryDevice(0), kTestBuffer, 99, hint);
    for (int bytes : {4, 8, 16}) {
      for (int elements = 1; elements <= kCopyMaxElements; ++elements) {
        const labs::MemMeasurement m = bench.measure({{elements, bytes, 128, 2}, labs::MemSweep::VsOccupancy}, quick(), nullptr);
        EXPECT_EQ(m.achievedBlocksPerSm, 2) << elements << " x " << bytes << " B";
        EXPECT_GT(m.gbpsMedian, 0) << elements << " x " << bytes << " B";
      }
    }
    EXPECT_EQ(bench.wordsVerified(), 3LL * kCopyMaxElements * static_cast<long long>(kTestBuffer / 4));
  }
}

TEST_F(CopyKernel, MismatchCountCatchesAnIncompleteCopy) {
  CopyBench bench(queryDevice(0), kTestBuffer, 7);
  bench.fillSourceRandom();
  auto* dst = static_cast<std::uint32_t*>(bench.destination());
  const std::size_t words = kTestBuffer / 4;
  WS_CUDA_CHECK(launchFillWords(dst, words, kPoisonWord));
  // Copy only half the blocks a full copy needs (float4 x 4 per thread, 128 threads per block).
  const std::size_t bytesPerBlock = 128 * 4 * 16;
  const auto halfBlocks = static_cast<unsigned>(kTestBuffer / bytesPerBlock / 2);
  WS_CUDA_CHECK(launchVolkovCopy(16, 4, CacheHint::Streaming, halfBlocks, 128, 0, dst, bench.source()));
  // The seed is private to the bench: any seed other than the fill's must flag every copied word,
  // and claiming full coverage must flag the unwritten half.
  DeviceBuffer count(sizeof(unsigned long long));
  WS_CUDA_CHECK(cudaMemset(count.get(), 0, count.bytes()));
  WS_CUDA_CHECK(launchCountCopyMismatches(dst, words, words, /*seed=*/0, count.as<unsigned long long>()));
  unsigned long long wrong = 0;
  WS_CUDA_CHECK(cudaMemcpy(&wrong, count.get(), sizeof wrong, cudaMemcpyDeviceToHost));
  EXPECT_GE(wrong, words / 2) << "the unwritten half (still poison) must count as wrong";
}

}  // namespace
}  // namespace warpscope::cuda
