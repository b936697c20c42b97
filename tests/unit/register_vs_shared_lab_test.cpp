// register-vs-shared's plan and assembly, and the lab end to end on the simulator: the declared
// views of the declared kinds, the issue's scalars, a focus rerun that merges, and bad input.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lab_test_device.h"
#include "core/lab_definition.h"
#include "labs/register_vs_shared/register_vs_shared_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

ParamSet defaults() { return defaultParams(registerVsSharedSpec().params); }

RunOutcome simulate(const std::vector<std::string>& sets, const std::string& device = "sim:h200",
                    RunScope scope = RunScope::FullSweep) {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kRegisterVsSharedId, device, parseAssignments(registerVsSharedSpec().params, sets), scope},
                     nullptr, cancel);
}

double scalar(const RunResult& r, const std::string& id) {
  const Scalar* s = r.findScalar(id);
  EXPECT_NE(s, nullptr) << id;
  return s ? s->value : -1;
}

}  // namespace

TEST(RegisterVsSharedPlan, FullSweepCoversEveryVariantAndEveryWarpMultipleThatFits) {
  const auto plan = rvsPlan(hopperLikeTestDevice(), defaults(), RunScope::FullSweep);
  // 2 blocks per SM on a 2048-thread SM: blocks of 32..1024 threads, 32 sizes, 3 variants.
  EXPECT_EQ(plan.size(), 3u * 32u);
  for (const auto& c : plan) {
    EXPECT_LE(c.threadsPerSm(), 2048);
    EXPECT_EQ(c.ilp, 4);
  }
}

TEST(RegisterVsSharedPlan, FocusOnlyVisitsTheHighlightedVariantAtTheHighlightedThreads) {
  ParamSet params = defaults();
  params.set("variant", kRvsShared2);
  const auto plan = rvsPlan(hopperLikeTestDevice(), params, RunScope::FocusOnly);
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].variant, kRvsShared2);
  EXPECT_EQ(plan[0].threadsPerBlock, 256);
}

TEST(RegisterVsSharedFeasibility, TooManyThreadsPerSmIsRefusedNamingBothParameters) {
  const RunOutcome outcome = simulate({"threads_per_block=1024", "blocks_per_sm=4"});
  ASSERT_FALSE(outcome.ok());
  EXPECT_NE(outcome.error().message.find("threads_per_block x blocks_per_sm"), std::string::npos)
      << outcome.error().message;
}

TEST(RegisterVsSharedAssembly, SharedBandwidthIsTheBestSharedVariantsBytesAndTheRatioUsesTwelveBytesPerFma) {
  const DeviceInfo device = hopperLikeTestDevice();
  const RvsCeilings ceilings = rvsCeilings(device, 128);
  // GFLOP/s -> GFMA/s is / 2; shared_1 moves 4 B per FMA, shared_2 8 B, registers 12 B of operands.
  const std::vector<RvsMeasurement> points = {{{kRvsRegisters, 4, 256, 2}, 60000, 59000, 61000},
                                              {{kRvsShared1, 4, 256, 2}, 16000, 15000, 16500},
                                              {{kRvsShared2, 4, 256, 2}, 7000, 6900, 7100}};
  const RunResult r = assembleRvsResult(device, defaults(), points, ceilings, RunScope::FullSweep);
  EXPECT_DOUBLE_EQ(scalar(r, "rvs.best_gflops.registers"), 60000);
  EXPECT_DOUBLE_EQ(scalar(r, "rvs.shared_bandwidth_gbps"), 32000);  // max(8000 x 4, 3500 x 8)
  EXPECT_DOUBLE_EQ(scalar(r, "rvs.register_bandwidth_gbps"), 360000);
  EXPECT_DOUBLE_EQ(scalar(r, "rvs.register_to_shared_ratio"), 360000.0 / 32000.0);
  EXPECT_NEAR(scalar(r, "rvs.ceiling.shared_gbps"), 128 * 132 * 1.980, 1e-6);
  const View* shared = r.findView("shared-gbps-vs-threads");
  ASSERT_NE(shared, nullptr);
  ASSERT_EQ(shared->series.size(), 3u) << "two shared variants and the ceiling line";
  EXPECT_DOUBLE_EQ(shared->series[1].points[0].y, 3500.0 * 8);
  const View* bars = r.findView("best-vs-ceilings");
  ASSERT_NE(bars, nullptr);
  ASSERT_EQ(bars->bars.categories.size(), 3u);
  ASSERT_EQ(bars->bars.series.size(), 2u) << "best and ceiling (no model series without modelBest)";
  EXPECT_DOUBLE_EQ(bars->bars.series[1].values[0].value, ceilings.fp32Gflops);
  EXPECT_DOUBLE_EQ(bars->bars.series[1].values[2].value, ceilings.gflopsCap(kRvsShared2));
}

TEST(RegisterVsSharedLab, RunsOnEveryProfileWithItsDeclaredViewsAndTheIssuesScalars) {
  for (const std::string device : {"sim:gtx480", "sim:v100", "sim:a100", "sim:h100", "sim:h200"}) {
    const RunOutcome outcome = simulate({}, device);
    ASSERT_TRUE(outcome.ok()) << device << ": " << outcome.error().message;
    const RunResult& r = outcome.result();
    const LabSpec& spec = registerVsSharedSpec();
    ASSERT_EQ(r.views.size(), spec.views.size()) << device;
    for (std::size_t i = 0; i < spec.views.size(); ++i) {
      EXPECT_EQ(r.views[i].id, spec.views[i].id);
      EXPECT_EQ(r.views[i].kind, spec.views[i].kind) << r.views[i].id;
    }
    for (const char* id : {"rvs.best_gflops.registers", "rvs.best_gflops.shared_1", "rvs.best_gflops.shared_2",
                           "rvs.shared_bandwidth_gbps", "rvs.register_to_shared_ratio", "ceiling.fp32_gflops"})
      EXPECT_GT(scalar(r, id), 0) << device << " " << id;
    EXPECT_GT(scalar(r, "rvs.best_gflops.registers"), scalar(r, "rvs.best_gflops.shared_1")) << device;
    EXPECT_GT(scalar(r, "rvs.best_gflops.shared_1"), scalar(r, "rvs.best_gflops.shared_2")) << device;
  }
}

TEST(RegisterVsSharedLab, Gtx480RatioIsVolkovsSixFold) {
  const RunOutcome outcome = simulate({}, "sim:gtx480");
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  // The register variant at peak reads 8.1 TB/s of operands; shared memory delivers 1.34 TB/s.
  EXPECT_NEAR(scalar(outcome.result(), "rvs.register_to_shared_ratio"), 6.0, 0.1);
}

TEST(RegisterVsSharedLab, BenchChecksPassOnTheH200Model) {
  const RunOutcome outcome = simulate({});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  for (const BenchCheck& check : registerVsSharedSpec().benchChecks(outcome.result(), {}))
    EXPECT_TRUE(check.pass) << check.what << " = " << check.value << " (" << check.target << ") " << check.detail;
}

TEST(RegisterVsSharedLab, FocusRunHasOnlyTheMergeableViewsWithTheSameCeilingLines) {
  const RunOutcome full = simulate({"variant=shared-1"});
  const RunOutcome focus = simulate({"variant=shared-1", "threads_per_block=512"}, "sim:h200", RunScope::FocusOnly);
  ASSERT_TRUE(full.ok() && focus.ok());
  EXPECT_EQ(focus.result().findView("best-vs-ceilings"), nullptr) << "the bars of the sweep stay";
  const View* f = focus.result().findView("gflops-vs-threads");
  const View* s = full.result().findView("gflops-vs-threads");
  ASSERT_NE(f, nullptr);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(f->focusSeries, "b from shared memory");
  EXPECT_DOUBLE_EQ(f->focusX, 1024);
  for (const Series& fs : f->series) {
    bool found = false;
    for (const Series& ss : s->series)
      if (ss.name == fs.name) {
        found = true;
        if (fs.key < 0) {
          EXPECT_EQ(fs.points.size(), ss.points.size()) << fs.name;
        }
      }
    EXPECT_TRUE(found) << fs.name << " must exist in the sweep to merge";
  }
}
