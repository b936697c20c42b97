// The limiter lab's plan and assembly: the views the declaration promises, the scalars the issue
// names, the focus-only scope, and its bench targets on a model sweep.
#include <gtest/gtest.h>

#include "labs/limiter/limiter_lab.h"
#include "labs/limiter/limiter_model.h"
#include "core/run_monitor.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

ParamSet defaults() { return defaultParams(limiterSpec().params); }

RunResult simulate(const std::string& profile, const ParamSet& params, RunScope scope) {
  CancelToken cancel;
  const ProgressFn progress;
  RunMonitor monitor(progress, cancel);
  return simulateLimiter(test::shippedProfile(profile), {kLimiterId, "sim:" + profile, params, scope}, monitor);
}

LimiterPoint point(int k, double full, double mem, double math) {
  return {k, {full, full, full}, {mem, mem, mem}, {math, math, math}};
}

}  // namespace

TEST(LimiterPlan, FullSweepVisitsEveryKAndFocusOnlyJustTheFocus) {
  EXPECT_EQ(limiterPlan(defaults(), RunScope::FullSweep, 8).fmasPerElement.size(),
            static_cast<std::size_t>(kLimiterFmaCount));
  const auto focus = limiterPlan(defaults(), RunScope::FocusOnly, 8);
  ASSERT_EQ(focus.fmasPerElement.size(), 1u);
  EXPECT_EQ(focus.fmasPerElement[0], 16);
  EXPECT_EQ(focus.blocksPerSm, 8) << "100% occupancy by default";
  EXPECT_THROW(limiterPlan(defaults(), RunScope::FullSweep, 0), BadInputError);
}

TEST(LimiterPlan, ElementsAreWholeGridIterationsAndSeveralTimesTheL2) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel"))
    for (int blocks = 1; blocks * kLimiterThreadsPerBlock <= p.info.maxThreadsPerSm && blocks <= 8; ++blocks) {
      const std::size_t n = limiterElements(p.info, blocks);
      const std::size_t chunk = std::size_t(blocks) * p.info.smCount * kLimiterThreadsPerBlock * kLimiterElementsPerThread;
      EXPECT_EQ(n % chunk, 0u) << p.id;
      EXPECT_GE(n * 4, 4 * static_cast<std::size_t>(p.info.l2Bytes)) << p.id << ": the input alone >= 4 x L2";
    }
}

TEST(LimiterAssembly, ViewsAndScalarsMatchTheDeclarationAndTheFocus) {
  const auto& device = test::shippedProfile("h200").info;
  LimiterCeilings c{4000, 60000, "bw", "fma"};
  const std::size_t n = 1 << 20;
  // K = 16 (the default focus): full 1.0 ms, memory-only 0.9, math-only 0.4 -> overlap 0.75.
  const RunResult r = assembleLimiterResult(device, defaults(), {point(1, 0.9, 0.9, 0.1), point(16, 1.0, 0.9, 0.4)}, c,
                                            n, 8, RunScope::FullSweep, false);
  ASSERT_EQ(r.views.size(), limiterSpec().views.size());
  for (std::size_t i = 0; i < r.views.size(); ++i) {
    EXPECT_EQ(r.views[i].id, limiterSpec().views[i].id);
    EXPECT_EQ(r.views[i].kind, limiterSpec().views[i].kind);
  }
  const View* bars = r.findView("variant-times");
  ASSERT_EQ(bars->bars.series.size(), 1u);
  ASSERT_EQ(bars->bars.series[0].values.size(), bars->bars.categories.size());
  EXPECT_DOUBLE_EQ(bars->bars.series[0].values[3].value, 1.3) << "memory-only + math-only";
  EXPECT_NEAR(r.findScalar("limiter.overlap")->value, 0.75, 1e-12);
  EXPECT_DOUBLE_EQ(r.findScalar("limiter.time_ms.math_only")->value, 0.4);
  EXPECT_DOUBLE_EQ(r.findScalar("limiter.intensity_flop_per_byte")->value, 4.0);
  EXPECT_DOUBLE_EQ(r.findScalar("limiter.balanced_ratio")->value, 15.0);
  const View* times = r.findView("time-vs-intensity");
  EXPECT_TRUE(times->logX && times->logY);
  ASSERT_EQ(times->series.size(), 4u) << "memory-only, store-only, math-only, full";
  EXPECT_DOUBLE_EQ(times->focusX, 4.0);
  ASSERT_NE(r.findScalar("limiter.verdict"), nullptr);
  EXPECT_NE(r.notes.front().find("Limiter at K = 16"), std::string::npos) << "the first note names the limiter: " << r.notes.front();
}

TEST(LimiterAssembly, FocusOnlyHasNoSweepVerdicts) {
  const RunResult r = simulate("h100", defaults(), RunScope::FocusOnly);
  EXPECT_EQ(r.findScalar("limiter.verdict_at_min_intensity"), nullptr);
  ASSERT_NE(r.findScalar("limiter.verdict"), nullptr);
  EXPECT_EQ(r.findView("time-vs-intensity")->series[0].points.size(), 1u);
}

TEST(LimiterSimulation, EveryProfileRunsAndTheModelSweepMeetsTheBenchTargets) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel")) {
    const RunResult r = simulate(p.id, defaults(), RunScope::FullSweep);
    EXPECT_EQ(r.provenance, Provenance::Simulated);
    for (const BenchCheck& check : limiterSpec().benchChecks(r, p.info)) EXPECT_TRUE(check.pass) << p.id << ": " << check.what;
  }
}
