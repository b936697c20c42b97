// The atomics lab's race on a real GPU: the input is the slide's 3, 5, 2, 1 repeated (read back),
// atomicAdd's sum equals the host's exactly for every thread count, the racy kernel's sum lies in
// 1..the true sum (and loses updates with many warps), and the lab's own measurement (which checks
// the same) reports the race's scalars.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "cuda/cuda_backend.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_query.h"
#include "labs/atomics/atomics_kernels.h"
#include "labs/atomics/atomics_lab.h"
#include "labs/atomics/atomics_race.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

class RaceOnGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    WS_CUDA_CHECK(cudaSetDevice(0));
  }
  std::uint32_t sum(bool atomic, cuda::DeviceBuffer& x, unsigned threads) {
    cuda::DeviceBuffer result(4);
    WS_CUDA_CHECK(cudaMemset(result.get(), 0, 4));
    WS_CUDA_CHECK(cuda::launchRaceSum(atomic, x.as<std::uint32_t>(), threads, result.as<std::uint32_t>()));
    std::uint32_t got = 0;
    WS_CUDA_CHECK(cudaMemcpy(&got, result.get(), 4, cudaMemcpyDeviceToHost));
    return got;
  }
};

TEST_F(RaceOnGpu, TheInputIsTheSlidesXRepeated) {
  const unsigned n = 1024;
  cuda::DeviceBuffer x(n * 4);
  WS_CUDA_CHECK(cuda::launchFillRaceInput(x.as<std::uint32_t>(), n));
  std::vector<std::uint32_t> got(n);
  WS_CUDA_CHECK(cudaMemcpy(got.data(), x.get(), n * 4, cudaMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(got[i], labs::raceInput(i)) << i;
  EXPECT_EQ(got[0], 3u);
  EXPECT_EQ(got[1], 5u);
}

TEST_F(RaceOnGpu, AtomicAddGivesTheHostsSumAndTheRacySumLosesUpdates) {
  for (unsigned threads : labs::kRaceThreadChoices) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    cuda::DeviceBuffer x(std::size_t{threads} * 4);
    WS_CUDA_CHECK(cuda::launchFillRaceInput(x.as<std::uint32_t>(), threads));
    const std::uint64_t expected = labs::raceExpectedSum(threads);
    EXPECT_EQ(sum(true, x, threads), expected);
    std::cout << "  " << threads << " threads: true sum " << expected << ", racy sums";
    for (int run = 0; run < 5; ++run) {
      const std::uint32_t racy = sum(false, x, threads);
      std::cout << ' ' << racy;
      EXPECT_GE(racy, 1u);
      EXPECT_LE(racy, expected);
      if (threads >= 32768) {
        EXPECT_LT(racy, expected) << "thousands of warps load result[0] before a store lands";
      }
    }
    std::cout << '\n';
  }
}

TEST_F(RaceOnGpu, TheLabReportsTheRaceBesideTheTrueSum) {
  auto backend = std::make_unique<cuda::CudaBackend>();
  const RunRequest request{labs::kAtomicsId, "cuda:0", parseAssignments(labs::atomicsSpec().params, {"race_threads=4"}),
                           RunScope::FullSweep};
  CancelToken cancel;
  const RunOutcome out = test::runResolved(*backend, request, {}, cancel);  // checks atomicAdd's sum exactly
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  ASSERT_NE(r.findView("race"), nullptr);
  EXPECT_DOUBLE_EQ(r.findScalar("atomics.race_expected")->value, 11);
  EXPECT_DOUBLE_EQ(r.findScalar("atomics.race_atomic_sum")->value, 11);
  const double racy = r.findScalar("atomics.race_racy_sum")->value;
  std::cout << "  the slide's four threads without atomics: " << racy << " (min "
            << r.findScalar("atomics.race_racy_min")->value << ", max " << r.findScalar("atomics.race_racy_max")->value
            << ")\n";
  EXPECT_LT(racy, 11);
}

}  // namespace
}  // namespace warpscope
