// A kernel fault on the GPU ends only the worker: three runs in a row whose worker writes out of
// bounds (WARPSCOPE_TEST_KERNEL_FAULT) each come back as an error that says the context was lost
// and the worker ended, and the same backend's next worker, without the fault, measures again.
// A fault scoped to one lab (out-of-bounds:LABID) ends the worker on that lab's runs only.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "cuda/device_query.h"
#include "labs/latency_arith/latency_arith_lab.h"
#include "labs/streams/streams_lab.h"
#include "warpscope/worker.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

TEST(WorkerFaults, ThreeKernelFaultsInARowEndOnlyTheWorker) {
  if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  worker::WorkerCommand command = worker::localWorkerCommand();
  command.env = {"WARPSCOPE_TEST_KERNEL_FAULT=out-of-bounds"};
  auto faulty = worker::makeWorkerBackend(command);
  const RunRequest request{labs::kStreamsId, "cuda:0", defaultParams(labs::streamsSpec().params), RunScope::FocusOnly};
  CancelToken cancel;
  for (int fault = 0; fault < 3; ++fault) {
    const RunOutcome out = test::runResolved(*faulty, request, {}, cancel);
    ASSERT_FALSE(out.ok());
    std::cout << "  fault " << fault + 1 << ": " << out.error().message << "\n";
    EXPECT_TRUE(out.error().deviceContextLost);
    EXPECT_NE(out.error().message.find("illegal"), std::string::npos) << out.error().message;
    EXPECT_NE(out.error().message.find("next run starts a new one"), std::string::npos) << out.error().message;
  }
  auto healthy = worker::makeWorkerBackend(worker::localWorkerCommand());
  const RunOutcome after = test::runResolved(*healthy, request, {}, cancel);
  ASSERT_TRUE(after.ok()) << after.error().message;
  EXPECT_GT(after.result().findScalar("streams.total_ms")->value, 0);
}

TEST(WorkerFaults, FaultScopedToOneLabEndsTheWorkerOnlyOnThatLabsRuns) {
  if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  worker::WorkerCommand command = worker::localWorkerCommand();
  command.env = {std::string("WARPSCOPE_TEST_KERNEL_FAULT=out-of-bounds:") + labs::kStreamsId};
  auto backend = worker::makeWorkerBackend(command);
  const RunRequest arith{labs::kLatencyArithId, "cuda:0", defaultParams(labs::latencyArithSpec().params), RunScope::FocusOnly};
  const RunRequest streams{labs::kStreamsId, "cuda:0", defaultParams(labs::streamsSpec().params), RunScope::FocusOnly};
  CancelToken cancel;
  const RunOutcome before = test::runResolved(*backend, arith, {}, cancel);
  ASSERT_TRUE(before.ok()) << before.error().message;
  const RunOutcome fault = test::runResolved(*backend, streams, {}, cancel);
  ASSERT_FALSE(fault.ok());
  std::cout << "  " << fault.error().message << "\n";
  EXPECT_TRUE(fault.error().deviceContextLost);
  const RunOutcome after = test::runResolved(*backend, arith, {}, cancel);
  ASSERT_TRUE(after.ok()) << after.error().message;
  ASSERT_FALSE(after.result().notes.empty());
  EXPECT_NE(after.result().notes.front().find("a new GPU worker was started"), std::string::npos)
      << after.result().notes.front();
}

}  // namespace
}  // namespace warpscope
