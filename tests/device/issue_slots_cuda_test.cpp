// The issue-slots lab on a GPU: the FMA chains beside the scheduler model are measured (outputs
// checked inside the bench), once per session, and follow the model's shape: one warp of a
// dependent chain per scheduler leaves most slots idle, 16 fill them, ILP 4 in one warp does what
// 4 warps do. Prints the measured points.
#include <gtest/gtest.h>

#include <iostream>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "labs/issue_slots/issue_slots_lab.h"
#include "resolved_run.h"

namespace warpscope::cuda {
namespace {

class IssueSlotsCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

double pointAt(const View& v, const std::string& series, double x) {
  for (const Series& s : v.series)
    if (s.name == series)
      for (const Point& p : s.points)
        if (p.x == x) return p.y;
  ADD_FAILURE() << series << " has no point at " << x;
  return -1;
}

TEST_F(IssueSlotsCuda, MeasuredChainsFollowTheSchedulerModelsShape) {
  CudaBackend backend;
  const ParamSet params = parseAssignments(labs::issueSlotsSpec().params, {"program=dependent", "warps=1"});
  CancelToken cancel;
  const RunOutcome outcome =
      test::runResolved(backend, {labs::kIssueSlotsId, "cuda:0", params, RunScope::FullSweep}, {}, cancel);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const View* v = outcome.result().findView("utilization-vs-warps");
  ASSERT_NE(v, nullptr);
  for (const Series& s : v->series) {
    std::cout << "  " << s.name << ":";
    for (const Point& p : s.points) std::cout << " " << p.x << "=" << p.y;
    std::cout << "\n";
  }
  EXPECT_LT(pointAt(*v, "latency-arith: ILP 1", 1), 0.5);
  EXPECT_GT(pointAt(*v, "latency-arith: ILP 1", 16), 0.85);
  EXPECT_NEAR(pointAt(*v, "latency-arith: ILP 4", 1), pointAt(*v, "latency-arith: ILP 1", 4), 0.15);
  for (const std::string& note : outcome.result().notes) std::cout << "  " << note << "\n";
}

}  // namespace
}  // namespace warpscope::cuda
