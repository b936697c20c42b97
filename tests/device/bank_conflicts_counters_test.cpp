// The bank rule (mechanisms/shared_memory.h) against the GPU's own counters: shared-memory
// wavefronts per warp request at every stride 1..32 (and 33, 64) for 4-, 8- and 16-byte words,
// and the bank-conflicts kernel's output checked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/device_query.h"
#include "labs/bank_conflicts/bank_conflicts_kernels.h"
#include "labs/bank_conflicts/bank_conflicts_shape.h"
#include "mechanisms/shared_memory.h"

namespace warpscope {
namespace {

constexpr const char* kWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
constexpr const char* kRequests = "smsp__inst_executed_op_shared_ld.sum";

cuda::BankLaneBases basesAtStride(unsigned stride) {
  cuda::BankLaneBases b{};
  for (unsigned l = 0; l < 32; ++l) b.word[l] = labs::bankLaneBase(labs::BankPattern::Strided, l, stride);
  return b;
}

TEST(BankConflictsCounters, WavefrontsPerRequestEqualTheBankRuleAtEveryStride) {
  if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  WS_CUDA_CHECK(cudaSetDevice(0));
  cuda::DeviceContext context;
  context.ordinal = 0;
  context.info = cuda::queryDevice(0);
  constexpr unsigned kThreads = 64;
  cuda::DeviceBuffer out(kThreads * sizeof(float));
  std::vector<unsigned> strides;
  for (unsigned s = 1; s <= 32; ++s) strides.push_back(s);
  strides.push_back(33);
  strides.push_back(64);
  for (int wordBytes : {4, 8, 16}) {
    const cuda::CounterReading r = cuda::readCounters(
        context, {kWavefronts, kRequests},
        [&] {
          for (unsigned s : strides)
            WS_CUDA_CHECK(cuda::launchSharedPatternRead(wordBytes, 1, kThreads, basesAtStride(s), 1, out.as<float>()));
        },
        static_cast<int>(strides.size()));
    if (!r.ok()) GTEST_SKIP() << "counters unavailable here: " << r.unavailable;
    ASSERT_EQ(r.kernels.size(), strides.size());
    for (std::size_t i = 0; i < strides.size(); ++i) {
      std::vector<std::uint64_t> lanes;
      for (unsigned l = 0; l < 32; ++l) lanes.push_back(static_cast<std::uint64_t>(l * strides[i] * wordBytes));
      const int rule = labs::sharedWavefronts(lanes, wordBytes, 32, 4);
      const double measured = r.kernels[i].at(kWavefronts) / r.kernels[i].at(kRequests);
      std::cout << "  " << wordBytes << " B words, stride " << strides[i] << ": " << measured
                << " wavefronts per request, rule " << rule << "\n";
      EXPECT_DOUBLE_EQ(measured, rule) << wordBytes << " B, stride " << strides[i];
    }
    // The last launch's output (stride 64), every thread against the host's sum.
    std::vector<float> got(kThreads);
    WS_CUDA_CHECK(cudaMemcpy(got.data(), out.get(), kThreads * sizeof(float), cudaMemcpyDeviceToHost));
    for (unsigned t = 0; t < kThreads; ++t)
      EXPECT_EQ(got[t], cuda::sharedPatternExpected(wordBytes, basesAtStride(64).word[t & 31u], 1)) << wordBytes << " B, thread " << t;
  }
}

}  // namespace
}  // namespace warpscope
