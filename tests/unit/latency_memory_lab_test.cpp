#include <gtest/gtest.h>

#include <set>

#include "labs/latency_memory/latency_memory_lab.h"
#include "lab_test_device.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {
ParamSet defaults() { return defaultParams(latencyMemorySpec().params); }
}  // namespace

TEST(LatencyMemoryPlan, DefaultFocusOccupancyRoundsToWholeBlocksPerSm) {
  // 12% of 2048 threads with 64-thread blocks = 3.84 blocks -> 4 blocks = 12.5%.
  EXPECT_EQ(focusBlocksPerSm(hopperLikeTestDevice(), defaults()), 4);
  EXPECT_DOUBLE_EQ(occupancyPercent(hopperLikeTestDevice(), 64, 4), 12.5);
}

TEST(LatencyMemoryPlan, FullSweepHasSevenStandardSeriesAndTheBytesView) {
  const auto plan = memoryPlan(hopperLikeTestDevice(), defaults(), RunScope::FullSweep);
  std::set<int> bytesPerThread;
  int bytesView = 0;
  for (const auto& e : plan) {
    if (e.sweep == MemSweep::VsOccupancy) bytesPerThread.insert(e.config.bytesPerThread());
    else ++bytesView;
    EXPECT_LE(e.config.blocksPerSm * e.config.threadsPerBlock, 2048);
  }
  EXPECT_EQ(bytesPerThread, (std::set<int>{4, 8, 16, 32, 64, 128, 256}));
  EXPECT_EQ(bytesView, 3 * 8);
}

TEST(LatencyMemoryPlan, NonStandardFocusConfigurationGetsItsOwnSeries) {
  ParamSet params = defaults();
  params.set("elements_per_thread", 3);
  params.set("element_bytes", 8);
  const auto plan = memoryPlan(hopperLikeTestDevice(), params, RunScope::FullSweep);
  const bool found = std::any_of(plan.begin(), plan.end(), [](const MemPlanEntry& e) {
    return e.sweep == MemSweep::VsOccupancy && e.config.elementsPerThread == 3 && e.config.elementBytes == 8;
  });
  EXPECT_TRUE(found);
}

TEST(LatencyMemoryAssembly, UnresidentPointsAreDroppedWithANote) {
  const DeviceInfo device = hopperLikeTestDevice();
  std::vector<MemMeasurement> points = {
      {{{8, 16, 64, 4}, MemSweep::VsOccupancy}, 4, 3000, 2900, 3100},
      {{{16, 16, 64, 32}, MemSweep::VsOccupancy}, 0, 0, 0, 0},
  };
  const RunResult r = assembleMemoryResult(device, defaults(), points, 4000, 3900, 4100, RunScope::FullSweep);
  const View* view = r.findView("fraction-vs-occupancy");
  ASSERT_NE(view, nullptr);
  ASSERT_EQ(view->series.size(), 1u);
  EXPECT_EQ(view->series[0].name, "128 B/thread (8x16 B)");
  EXPECT_NEAR(view->series[0].points[0].y, 0.75, 1e-12);
  EXPECT_DOUBLE_EQ(view->series[0].points[0].x, 12.5);
  EXPECT_NEAR(r.findScalar("focus.fraction")->value, 0.75, 1e-12);
  EXPECT_NEAR(r.findScalar("ceiling.memcpy_gbps")->value, 4000, 1e-12);
  bool noted = false;
  for (const auto& n : r.notes) noted = noted || n.find("cannot be resident") != std::string::npos;
  EXPECT_TRUE(noted);
}

TEST(LatencyMemoryAssembly, FocusOnlyPointAppearsOnBothAxes) {
  const DeviceInfo device = hopperLikeTestDevice();
  std::vector<MemMeasurement> points = {{{{8, 16, 64, 4}, MemSweep::VsOccupancy}, 4, 3000, 2900, 3100}};
  const RunResult r = assembleMemoryResult(device, defaults(), points, 4000, 4000, 4000, RunScope::FocusOnly);
  EXPECT_TRUE(r.focusOnly);
  ASSERT_EQ(r.findView("fraction-vs-bytes")->series.size(), 1u);
  EXPECT_DOUBLE_EQ(r.findView("fraction-vs-bytes")->series[0].points[0].x, 128);
}

TEST(LatencyMemoryAssembly, FocusOnlyResultReportsNoBest) {
  // Review finding: see LatencyArithAssembly.FocusOnlyResultReportsNoBest...
  const DeviceInfo device = hopperLikeTestDevice();
  std::vector<MemMeasurement> points = {{{{8, 16, 64, 4}, MemSweep::VsOccupancy}, 4, 3000, 2900, 3100}};
  const RunResult r = assembleMemoryResult(device, defaults(), points, 4000, 4000, 4000, RunScope::FocusOnly);
  EXPECT_EQ(r.findScalar("best.fraction"), nullptr);
  EXPECT_NE(r.findScalar("focus.fraction"), nullptr);
}

TEST(LatencyMemoryAssembly, DramBytesShowTheCopysBytesBesideTheCountersWhenRead) {
  const DeviceInfo device = hopperLikeTestDevice();
  const std::vector<MemMeasurement> points = {{{{8, 16, 64, 4}, MemSweep::VsOccupancy}, 4, 3000, 2900, 3100}};
  // The model: the buffer's bytes each way, no counters.
  const RunResult modelled = assembleMemoryResult(device, defaults(), points, 4000, 4000, 4000, RunScope::FullSweep);
  const Bars& model = modelled.findView("dram-bytes")->bars;
  ASSERT_EQ(model.series.size(), 1u);
  EXPECT_NEAR(model.series[0].values[0].value, defaults().get("buffer_mib") * 1024 * 1024 / 1e6, 1e-9);
  // A GPU run: the copy's exact bytes and what DRAM read (a little more: its own traffic) and wrote.
  const DramWitness witness{256e6, 256.4e6, 256e6};
  const RunResult measured =
      assembleMemoryResult(device, defaults(), points, 4000, 4000, 4000, RunScope::FullSweep, witness);
  const Bars& counted = measured.findView("dram-bytes")->bars;
  ASSERT_EQ(counted.series.size(), 2u);
  EXPECT_EQ(counted.categories, (std::vector<std::string>{"read", "written"}));
  EXPECT_DOUBLE_EQ(counted.series[0].values[1].value, 256);
  EXPECT_DOUBLE_EQ(counted.series[1].values[0].value, 256.4);
  EXPECT_DOUBLE_EQ(counted.series[1].values[1].value, 256);
  // A slider step leaves the view to the full run that follows.
  EXPECT_EQ(assembleMemoryResult(device, defaults(), points, 4000, 4000, 4000, RunScope::FocusOnly).findView("dram-bytes"),
            nullptr);
}
