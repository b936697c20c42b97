// The user's own kernel on a GPU (issue 33): the shipped examples compiled at run time (NVRTC),
// every point's output checked against the example's reference kernel, timed, with the occupancy
// calculator's blocks per SM equal to the CUDA occupancy API's for every variant; and a user
// kernel that faults or never ends costs only the worker, which says which kernel and values.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "cuda/nvrtc_compiler.h"
#include "kernel_examples.h"
#include "misbehaving_kernels.h"
#include "labs/user_kernel/user_kernel_lab.h"
#include "warpscope/registry.h"
#include "warpscope/worker.h"

namespace warpscope {
namespace {

class UserKernelCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    if (const std::string why = cuda::nvrtcUnavailableReason(); !why.empty()) GTEST_SKIP() << why;
  }

  /// The lab's request for `kernel` at its header's defaults (validated as the session would).
  static RunRequest requestFor(KernelSource kernel, RunScope scope = RunScope::FullSweep) {
    RunRequest request;
    request.labId = labs::user_kernel::kUserKernelLabId;
    request.deviceId = "cuda:0";
    request.kernel = std::move(kernel);
    request.scope = scope;
    const LabSpec spec = labs::user_kernel::userKernelSpecFor(request);
    request.params = defaultParams(spec.params);
    validateParams(spec.params, request.params);
    return request;
  }

  static RunOutcome run(Backend& backend, const RunRequest& request) {
    CancelToken cancel;
    return backend.run(LabRegistry::builtin().resolve(request.labId), request, {}, cancel);
  }
};

void expectCheckedAndOccupancyAgrees(const RunResult& result) {
  int checked = 0;
  for (const std::string& note : result.notes) {
    std::cout << "  note: " << note.substr(0, 200) << "\n";
    if (note.rfind("Checked ", 0) == 0) ++checked;
  }
  EXPECT_GT(checked, 0) << "no point's output was checked";
  const View* occupancy = result.findView("occupancy");
  ASSERT_NE(occupancy, nullptr);
  ASSERT_EQ(occupancy->bars.series.size(), 2u) << "the calculator's and the CUDA API's occupancy";
  for (std::size_t i = 0; i < occupancy->bars.categories.size(); ++i)
    EXPECT_DOUBLE_EQ(occupancy->bars.series[0].values[i].value, occupancy->bars.series[1].values[i].value)
        << occupancy->bars.categories[i];
}

TEST_F(UserKernelCuda, TheReductionExampleIsCheckedTimedAndReachesTheCopyCeiling) {
  cuda::CudaBackend backend;
  const RunOutcome out = run(backend, requestFor(test::kernelExample("reduction.cu")));
  ASSERT_TRUE(out.ok()) << out.error().message;
  expectCheckedAndOccupancyAgrees(out.result());
  const View* throughput = out.result().findView("throughput");
  ASSERT_NE(throughput, nullptr);
  double best = 0, ceiling = 0;
  for (const Series& s : throughput->series) {
    double& top = s.name.rfind("Ceiling", 0) == 0 ? ceiling : best;
    for (const Point& p : s.points) top = std::max(top, p.y);
  }
  std::cout << "  best reduction " << best << " GB/s, memcpy ceiling " << ceiling << " GB/s: " << best / ceiling
            << "\n";
  EXPECT_GT(best, 0);
  EXPECT_GT(ceiling, 0);
}

TEST_F(UserKernelCuda, TheTransposeExampleChecksNaiveTiledAndPaddedExactly) {
  cuda::CudaBackend backend;
  const RunOutcome out = run(backend, requestFor(test::kernelExample("transpose.cu")));
  ASSERT_TRUE(out.ok()) << out.error().message;
  expectCheckedAndOccupancyAgrees(out.result());
  const View* time = out.result().findView("time");
  ASSERT_NE(time, nullptr);
  EXPECT_EQ(time->series.size(), 3u) << "naive, tiled, padded";
  for (const Series& s : time->series)
    for (const Point& p : s.points)
      if (p.x == 4096) std::cout << "  " << s.name << " at N 4096: " << p.y << " us\n";
}

TEST_F(UserKernelCuda, TheStencilExampleIsCheckedWithinItsTolerance) {
  cuda::CudaBackend backend;
  const RunOutcome out = run(backend, requestFor(test::kernelExample("stencil.cu")));
  ASSERT_TRUE(out.ok()) << out.error().message;
  expectCheckedAndOccupancyAgrees(out.result());
}

TEST_F(UserKernelCuda, AFocusMoveToAVariantCompiledBeforeReusesItsCompile) {
  cuda::CudaBackend backend;
  RunRequest request = requestFor(test::kernelExample("reduction.cu"), RunScope::FocusOnly);
  ASSERT_TRUE(run(backend, request).ok());
  const auto started = std::chrono::steady_clock::now();
  const RunOutcome again = run(backend, request);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  ASSERT_TRUE(again.ok()) << again.error().message;
  std::cout << "  focus rerun of a compiled, checked variant: " << ms << " ms\n";
}

TEST_F(UserKernelCuda, AKernelThatFaultsEndsOnlyTheWorkerAndIsNamedWithItsValues) {
  auto backend = worker::makeWorkerBackend(worker::localWorkerCommand());
  const RunOutcome fault = run(*backend, requestFor(test::kernelText("wild.cu", test::kFaultingKernel), RunScope::FocusOnly));
  ASSERT_FALSE(fault.ok());
  std::cout << "  " << fault.error().message << "\n";
  EXPECT_TRUE(fault.error().deviceContextLost);
  EXPECT_NE(fault.error().message.find("wild with N 1024"), std::string::npos) << fault.error().message;
  const RunOutcome after = run(*backend, requestFor(test::kernelExample("reduction.cu"), RunScope::FocusOnly));
  EXPECT_TRUE(after.ok()) << after.error().message;
}

TEST_F(UserKernelCuda, AKernelThatNeverEndsIsStoppedAtItsBudgetWithItsWorker) {
  auto backend = worker::makeWorkerBackend(worker::localWorkerCommand());
  const auto started = std::chrono::steady_clock::now();
  const RunOutcome endless =
      run(*backend, requestFor(test::kernelText("spin.cu", test::kEndlessKernel), RunScope::FocusOnly));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_FALSE(endless.ok());
  std::cout << "  after " << s << " s: " << endless.error().message << "\n";
  EXPECT_TRUE(endless.error().deviceContextLost);
  EXPECT_NE(endless.error().message.find("budget of 300 ms"), std::string::npos) << endless.error().message;
  EXPECT_NE(endless.error().message.find("spin with N 1024"), std::string::npos) << endless.error().message;
  const RunOutcome after = run(*backend, requestFor(test::kernelExample("reduction.cu"), RunScope::FocusOnly));
  EXPECT_TRUE(after.ok()) << after.error().message;
}

}  // namespace
}  // namespace warpscope
