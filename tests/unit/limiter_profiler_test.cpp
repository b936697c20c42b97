// The limiter lab's profiler side (seed 001, "Analysis with the Profiler", "Instruction
// Throughput: Analysis") and its store-only variant: the model's counts from the kernels'
// structure, the views and scalars they fill, and the store-only kernel in the model.
#include <gtest/gtest.h>

#include "core/run_monitor.h"
#include "labs/limiter/limiter_counts.h"
#include "labs/limiter/limiter_lab.h"
#include "labs/limiter/limiter_model.h"
#include "labs/limiter_common/limiter_family_model.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

ParamSet withK(int k) {
  ParamSet p = defaultParams(limiterSpec().params);
  p.set("fmas_per_element", k);
  return p;
}

RunResult simulate(const std::string& profile, const ParamSet& params) {
  CancelToken cancel;
  const ProgressFn progress;
  RunMonitor monitor(progress, cancel);
  return simulateLimiter(test::shippedProfile(profile), {kLimiterId, "sim:" + profile, params, RunScope::FullSweep},
                         monitor);
}

constexpr LimiterVariant kAll[] = {LimiterVariant::Full, LimiterVariant::MemoryOnly, LimiterVariant::MathOnly,
                                   LimiterVariant::StoreOnly};

}  // namespace

TEST(LimiterCounts, ModelDramBytesAreWhatEachVariantMoves) {
  const DeviceInfo& d = test::shippedProfile("h200").info;
  const std::size_t n = 1 << 24;
  EXPECT_DOUBLE_EQ(limiterModelCounts(d, LimiterVariant::Full, 16, n, 1).dramBytes, 8.0 * n);
  EXPECT_DOUBLE_EQ(limiterModelCounts(d, LimiterVariant::MemoryOnly, 16, n, 1).dramBytes, 8.0 * n);
  EXPECT_DOUBLE_EQ(limiterModelCounts(d, LimiterVariant::StoreOnly, 16, n, 1).dramBytes, 4.0 * n);
  EXPECT_DOUBLE_EQ(limiterModelCounts(d, LimiterVariant::MathOnly, 16, n, 1).dramBytes, 0.0);
}

TEST(LimiterCounts, InstructionsFromTheStructureAreTheFmasPlusAFewPerElement) {
  // Per warp iteration (8 elements per thread): 8K FMAs, the K loop's 3 per trip of its unroll, and
  // what each variant does besides as an H100's counters read it (limiter_shape.h).
  EXPECT_DOUBLE_EQ(limiterInstructionsPerIteration(LimiterVariant::Full, 1), 21 + 8 + 3);
  EXPECT_DOUBLE_EQ(limiterInstructionsPerIteration(LimiterVariant::Full, 1024), 21 + 8192 + 3 * 32);
  EXPECT_DOUBLE_EQ(limiterInstructionsPerIteration(LimiterVariant::MemoryOnly, 1024), 14);
  EXPECT_DOUBLE_EQ(limiterInstructionsPerIteration(LimiterVariant::StoreOnly, 1024), 42);
  EXPECT_GT(limiterInstructionsPerIteration(LimiterVariant::MathOnly, 64),
            limiterInstructionsPerIteration(LimiterVariant::Full, 64)) << "operands and guards cost more than loads";
  // The seed's undercount: at K = 1 the profiler's ratio is 4x the algorithm's FMA count.
  const DeviceInfo& d = test::shippedProfile("h200").info;
  const LimiterCounts c = limiterModelCounts(d, LimiterVariant::Full, 1, 1 << 24, 1);
  EXPECT_DOUBLE_EQ(limiterInstructionsPerByte(c, 32), 32.0 * 32 / (256 * 8));
}

TEST(LimiterCounts, ModelIpcNeverPassesTheSchedulersIssueRate) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel")) {
    const double launchMs = p.param("simt", "launch_overhead_us", 0, 1000) * 1e-3;
    const int blocks = limiterModelMaxBlocksPerSm(p);
    const std::size_t n = limiterElements(p.info, blocks);
    for (int k : kLimiterFmaValues)
      for (LimiterVariant v : kAll) {
        const double ms = limiterModel(p, v, k, blocks, n).ms;
        const LimiterCounts c = limiterModelCounts(p.info, v, k, n, ms - launchMs);
        EXPECT_LE(c.ipc, p.info.schedulersPerSm * (1 + 1e-9)) << p.id << " K " << k << " variant " << int(v);
        EXPECT_DOUBLE_EQ(c.instIssued, c.instExecuted) << "nothing in these kernels serializes";
      }
  }
}

TEST(LimiterStoreOnly, ModelTakesAboutHalfTheMemoryOnlyTimeWhereBandwidthBinds) {
  const auto& p = test::shippedProfile("h200");
  const std::size_t n = limiterElements(p.info, 8);
  const double store = limiterModel(p, LimiterVariant::StoreOnly, 16, 8, n).ms;
  const double memory = limiterModel(p, LimiterVariant::MemoryOnly, 16, 8, n).ms;
  EXPECT_NEAR(store / memory, 0.5, 0.05);
  for (const auto& q : test::shippedProfilesWith("limiter_kernel"))
    for (int blocks : {1, limiterModelMaxBlocksPerSm(q)}) {
      const std::size_t m = limiterElements(q.info, blocks);
      EXPECT_LT(limiterModel(q, LimiterVariant::StoreOnly, 1, blocks, m).ms,
                limiterModel(q, LimiterVariant::MemoryOnly, 1, blocks, m).ms) << q.id << " blocks " << blocks;
    }
}

TEST(LimiterProfilerAssembly, ModelRunFillsTheCountersViewTheRatioCategoryAndTheScalars) {
  const RunResult r = simulate("h200", withK(1));
  const View* counters = r.findView("counters-per-element");
  ASSERT_NE(counters, nullptr);
  ASSERT_EQ(counters->bars.categories.size(), 4u);
  ASSERT_EQ(counters->bars.series.size(), 3u);
  for (const BarSeries& s : counters->bars.series) EXPECT_EQ(s.values.size(), 4u) << s.name;
  EXPECT_NE(counters->title.find("model"), std::string::npos) << counters->title;
  EXPECT_DOUBLE_EQ(counters->bars.series[2].values[0].value, 8.0) << "full: 8 DRAM bytes per element";
  EXPECT_DOUBLE_EQ(counters->bars.series[2].values[3].value, 4.0) << "store-only: 4";
  const View* ratio = r.findView("ratio-vs-balanced");
  ASSERT_EQ(ratio->bars.categories.size(), 3u);
  EXPECT_EQ(ratio->bars.categories[2], kCountedRatioCategory);
  for (const char* id :
       {"limiter.counters.inst_issued", "limiter.counters.inst_executed", "limiter.counters.ipc",
        "limiter.counters.dram_bytes", "limiter.counters.instr_per_byte", "limiter.counters.replay_pct",
        "limiter.counters.store_only.dram_bytes", "limiter.ipc_peak_fp32", "limiter.time_ms.store_only"})
    EXPECT_NE(r.findScalar(id), nullptr) << id;
}

TEST(LimiterProfilerAssembly, WithoutCountersTheViewSaysWhyAndTheRatioKeepsTwoCategories) {
  const auto& device = test::shippedProfile("h200").info;
  LimiterCeilings c{4000, 60000, "bw", "fma"};
  LimiterExtras extras;
  extras.counters.why = "not allowed for this user";
  const LimiterPoint p{16, {1, 1, 1}, {0.9, 0.9, 0.9}, {0.4, 0.4, 0.4}, {0.5, 0.5, 0.5}};
  const RunResult r =
      assembleLimiterResult(device, withK(16), {p}, c, 1 << 20, 8, RunScope::FullSweep, false, extras);
  EXPECT_NE(r.findView("counters-per-element")->title.find("not allowed"), std::string::npos);
  EXPECT_TRUE(r.findView("counters-per-element")->bars.series.empty());
  EXPECT_EQ(r.findView("ratio-vs-balanced")->bars.categories.size(), 2u);
  EXPECT_EQ(r.findScalar("limiter.counters.ipc"), nullptr);
  EXPECT_DOUBLE_EQ(r.findScalar("limiter.time_ms.store_only")->value, 0.5);
  EXPECT_NE(r.findView("sync-overlap")->title.find("not run"), std::string::npos);
}
