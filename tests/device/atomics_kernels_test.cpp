// The atomics lab on the GPU: every variant's words checked exactly at the ends and the middle of
// the address range, for int and float, through the lab's own measurement (which checks every
// point before timing it); and the histogram both ways against the host's count.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "labs/atomics/atomics_lab.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

class AtomicsOnGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    backend_ = std::make_unique<cuda::CudaBackend>();  // after the check: without a GPU it throws
  }
  /// The lab's measurement, which checks every word (and every histogram bin) before it times.
  RunResult measure(const std::vector<std::string>& settings, RunScope scope) {
    const RunRequest request{labs::kAtomicsId, "cuda:0", parseAssignments(labs::atomicsSpec().params, settings), scope};
    CancelToken cancel;
    RunOutcome outcome = test::runResolved(*backend_, request, {}, cancel);
    if (!outcome.ok()) ADD_FAILURE() << outcome.error().message;
    return outcome.ok() ? outcome.result() : RunResult{};
  }
  std::unique_ptr<cuda::CudaBackend> backend_;
};

TEST_F(AtomicsOnGpu, EveryVariantsWordsHoldEveryUpdateForIntAndFloat) {
  for (const char* type : {"int", "float"})
    for (const char* addresses : {"1", "2", "32", "1024", "1048576"}) {
      SCOPED_TRACE(std::string(type) + ", " + addresses + " addresses");
      const RunResult r = measure({std::string("value_type=") + type, std::string("addresses=") + addresses}, RunScope::FocusOnly);
      const Scalar* gops = r.findScalar("atomics.gops");
      ASSERT_NE(gops, nullptr);
      EXPECT_GT(gops->value, 0.1);
      std::cout << "  " << type << ", " << addresses << " addresses: global " << gops->value << " G/s\n";
    }
}

TEST_F(AtomicsOnGpu, WarpAggregationShortensTheQueueOnOneAddress) {
  const RunResult r = measure({"addresses=1"}, RunScope::FocusOnly);
  const Scalar* speedup = r.findScalar("atomics.aggregation_speedup");
  ASSERT_NE(speedup, nullptr);
  std::cout << "  global, one address: aggregated / plain = " << speedup->value << "\n";
  EXPECT_GT(speedup->value, 4.0) << "32 lanes on one word become one update: the queue is 32 times shorter";
}

TEST_F(AtomicsOnGpu, HistogramBothWaysCountsEveryByteAndTheSharedCopyIsFaster) {
  const RunResult r = measure({}, RunScope::FullSweep);  // checks every bin, both inputs
  const Scalar* speedup = r.findScalar("atomics.histogram_privatisation_speedup");
  ASSERT_NE(speedup, nullptr);
  std::cout << "  histogram, uniform bytes: shared copy / global = " << speedup->value << "\n";
  EXPECT_GT(speedup->value, 1.0);
}

TEST_F(AtomicsOnGpu, CountedWorkPerRequestMatchesTheRuleAtEveryAddressCount) {
  // Global: L2 sector updates per RED instruction, exactly; shared (int): wavefronts per ATOMS, the
  // rule's minimum plus under 0.1 (labs::countedMatchesRule says why). The rule averages the 8
  // alignments the counted launches run.
  const RunResult r = measure({"value_type=int"}, RunScope::FullSweep);
  const View* q = r.findView("queue-per-request");
  ASSERT_NE(q, nullptr);
  if (q->series.size() < 4) GTEST_SKIP() << "no counters: " << ::testing::PrintToString(r.notes);
  for (std::size_t s = 0; s + 1 < q->series.size(); s += 2) {
    const Series& rule = q->series[s];
    const Series& counted = q->series[s + 1];
    ASSERT_EQ(rule.points.size(), counted.points.size()) << rule.name;
    for (std::size_t i = 0; i < rule.points.size(); ++i) {
      std::cout << "  " << counted.name << ", " << rule.points[i].x << " addresses: counted " << counted.points[i].y
                << ", rule " << rule.points[i].y << "\n";
      EXPECT_TRUE(labs::countedMatchesRule(counted.name.find("shared") != std::string::npos, counted.points[i].y,
                                           rule.points[i].y))
          << counted.name << " at " << rule.points[i].x << " addresses: counted " << counted.points[i].y << ", rule "
          << rule.points[i].y;
    }
  }
}

}  // namespace
}  // namespace warpscope
