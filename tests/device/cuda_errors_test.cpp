// Guards the backend boundary: CUDA failures, bad input and cancellation come back as RunError of
// the right kind, and the backend keeps working after a (non-sticky) CUDA error.
#include <gtest/gtest.h>

#include "labs/latency_arith/latency_arith_lab.h"
#include "cuda/cuda_backend.h"
#include "cuda/cuda_check.h"
#include "cuda/device_query.h"
#include "labs/latency_memory/volkov_copy.h"
#include "cuda/cuda_run_guard.h"
#include "resolved_run.h"
#include "warpscope/session.h"

namespace warpscope::cuda {
namespace {

class CudaErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
  static RunRequest arithFocus() {
    ParamSet params = defaultParams(labs::latencyArithSpec().params);
    return {labs::kLatencyArithId, "cuda:0", params, RunScope::FocusOnly};
  }
};

TEST_F(CudaErrors, ImpossibleLaunchIsADeviceErrorAndTheBackendStillWorks) {
  CudaBackend backend;
  DeviceContext* context = backend.context("cuda:0");
  ASSERT_NE(context, nullptr);
  const RunOutcome failed = labs::guardRun(context->info.id, []() -> RunOutcome {
    // 2048 threads per block: more than any CUDA device allows.
    WS_CUDA_CHECK(launchVolkovCopy(16, 1, CacheHint::Streaming, 1, 2048, 0, nullptr, nullptr));
    return RunResult{};
  }, cudaErrorTranslator(*context));
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().kind, RunError::Kind::Device);
  EXPECT_NE(failed.error().message.find("launchVolkovCopy"), std::string::npos) << failed.error().message;
  // CUDA 13 answers cudaErrorInvalidValue; older runtimes cudaErrorInvalidConfiguration.
  EXPECT_NE(failed.error().message.find("cudaErrorInvalid"), std::string::npos) << failed.error().message;
  EXPECT_NE(failed.error().message.find(".cpp:"), std::string::npos) << "names file:line: " << failed.error().message;
  EXPECT_FALSE(context->broken);

  CancelToken cancel;
  const RunOutcome after = test::runResolved(backend, arithFocus(), {}, cancel);
  ASSERT_TRUE(after.ok()) << after.error().message;
  EXPECT_GT(after.result().findScalar("focus.gflops")->value, 0);
}

TEST_F(CudaErrors, TooMuchSharedMemoryIsADeviceError) {
  CudaBackend backend;
  DeviceContext* context = backend.context("cuda:0");
  const RunOutcome failed = labs::guardRun(context->info.id, []() -> RunOutcome {
    WS_CUDA_CHECK(launchVolkovCopy(4, 1, CacheHint::Default, 1, 32, std::size_t{1} << 30, nullptr, nullptr));
    return RunResult{};
  }, cudaErrorTranslator(*context));
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().kind, RunError::Kind::Device);
}

TEST_F(CudaErrors, InfeasibleThreadsPerSmIsBadInput) {
  CudaBackend backend;
  RunRequest request = arithFocus();
  request.params.set("threads_per_block", 1024);
  request.params.set("blocks_per_sm", 8);
  CancelToken cancel;
  const RunOutcome outcome = test::runResolved(backend, request, {}, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("blocks_per_sm"), std::string::npos) << outcome.error().message;
}

TEST_F(CudaErrors, UnknownDeviceAndLabAreBadInput) {
  CudaBackend backend;
  CancelToken cancel;
  RunRequest request = arithFocus();
  request.deviceId = "cuda:99";
  EXPECT_EQ(test::runResolved(backend, request, {}, cancel).error().kind, RunError::Kind::BadInput);
  // A lab is resolved by the session, before any backend sees the request.
  Session session(std::make_unique<CudaBackend>(), nullptr);
  request = arithFocus();
  request.labId = "no-such-lab";
  const RunOutcome unknownLab = session.run(request, {}, cancel);
  ASSERT_FALSE(unknownLab.ok());
  EXPECT_EQ(unknownLab.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(unknownLab.error().message.find("unknown lab 'no-such-lab'"), std::string::npos) << unknownLab.error().message;
}

TEST_F(CudaErrors, CancelBetweenLaunchesStopsTheRun) {
  CudaBackend backend;
  CancelToken cancel;
  RunRequest request = arithFocus();
  request.scope = RunScope::FullSweep;
  int progressCalls = 0;
  // Cancel from the progress callback after the third point: the run must stop there.
  const RunOutcome outcome = test::runResolved(backend, 
      request,
      [&](double, const std::string&) {
        if (++progressCalls == 3) cancel.requestCancel();
      },
      cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::Cancelled);
  EXPECT_EQ(progressCalls, 3);
}

TEST_F(CudaErrors, ProgressRisesToOne) {
  CudaBackend backend;
  CancelToken cancel;
  double last = -1;
  bool monotone = true;
  const RunOutcome outcome = test::runResolved(backend, 
      arithFocus(),
      [&](double fraction, const std::string&) {
        monotone = monotone && fraction >= last;
        last = fraction;
      },
      cancel);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_TRUE(monotone);
  EXPECT_DOUBLE_EQ(last, 1.0);
}

}  // namespace
}  // namespace warpscope::cuda
