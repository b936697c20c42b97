// Guards the latency-memory runner's use of device memory: a buffer the L2 could hold is refused
// (the lab must measure DRAM, not cache), and focus-only reruns reuse the buffers instead of
// allocating and freeing 2 x buffer_mib per slider step.
#include <gtest/gtest.h>

#include "labs/latency_memory/latency_memory_lab.h"
#include "cuda/cuda_backend.h"
#include "labs/latency_memory/copy_bench.h"
#include "cuda/device_query.h"
#include "resolved_run.h"

namespace warpscope::cuda {
namespace {

class LatencyMemoryCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
  static RunRequest memoryFocus() {
    return {labs::kLatencyMemoryId, "cuda:0", defaultParams(labs::latencyMemorySpec().params), RunScope::FocusOnly};
  }
};

TEST_F(LatencyMemoryCuda, BufferTheL2CouldHoldIsBadInputNamingBufferMib) {
  CudaBackend backend;
  const DeviceContext* context = backend.context("cuda:0");
  ASSERT_NE(context, nullptr);
  const ParamSpec* buffer = findParam(labs::latencyMemorySpec().params, "buffer_mib");
  ASSERT_NE(buffer, nullptr);
  // The slider's smallest buffer; too small only when source + destination stay under 4 x L2.
  const auto smallestMib = static_cast<long long>(buffer->min);
  if (2 * (smallestMib << 20) >= 4LL * context->info.l2Bytes)
    GTEST_SKIP() << context->info.name << " has " << (context->info.l2Bytes >> 20)
                 << " MiB of L2: even buffer_mib = " << smallestMib << " outgrows 4 x L2";
  RunRequest request = memoryFocus();
  request.params.set("buffer_mib", static_cast<double>(smallestMib));
  CancelToken cancel;
  const RunOutcome outcome = test::runResolved(backend, request, {}, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("buffer_mib"), std::string::npos) << outcome.error().message;
  EXPECT_NE(outcome.error().message.find("L2"), std::string::npos) << outcome.error().message;
  std::cout << outcome.error().message << "\n";
}

TEST_F(LatencyMemoryCuda, FocusRerunsReuseTheBuffersUntilBufferMibChanges) {
  CudaBackend backend;
  DeviceContext* context = backend.context("cuda:0");
  ASSERT_NE(context, nullptr);
  CancelToken cancel;
  RunRequest request = memoryFocus();
  const RunOutcome first = test::runResolved(backend, request, {}, cancel);
  ASSERT_TRUE(first.ok()) << first.error().message;
  ASSERT_NE(context->labState<CopyBuffers>().bench, nullptr);
  const CopyBench* kept = context->labState<CopyBuffers>().bench.get();

  const RunOutcome again = test::runResolved(backend, request, {}, cancel);
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_EQ(context->labState<CopyBuffers>().bench.get(), kept) << "a rerun at the same buffer_mib must not reallocate";

  // One step larger still outgrows 4 x L2 whenever the default does.
  const double biggerMib = request.params.getInt("buffer_mib") + 32.0;
  request.params.set("buffer_mib", biggerMib);
  const RunOutcome bigger = test::runResolved(backend, request, {}, cancel);
  ASSERT_TRUE(bigger.ok()) << bigger.error().message;
  ASSERT_NE(context->labState<CopyBuffers>().bench, nullptr);
  EXPECT_EQ(context->labState<CopyBuffers>().bench->bufferBytes(), static_cast<std::size_t>(biggerMib) << 20);
}

}  // namespace
}  // namespace warpscope::cuda
