// The block-scheduling lab: the block work both backends share, the reading of a grid's records
// (slots and waves), the block-scheduler model on the seed's four grid sizes, the views, and bad
// input.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/run_monitor.h"
#include "labs/block_scheduling/block_scheduling_lab.h"
#include "labs/block_scheduling/block_scheduling_model.h"
#include "mechanisms/device_profile.h"
#include "test_data.h"

namespace warpscope::labs {
namespace {

ParamSet gridParams(const std::string& grid, int threads = 256) {
  ParamSet p = parseAssignments(blockSchedulingSpec().params, {"grid=" + grid});
  p.set("threads_per_block", threads);
  return p;
}

RunResult simulate(const std::string& profileId, const ParamSet& params) {
  static const ProgressFn noProgress;
  CancelToken cancel;
  RunMonitor monitor(noProgress, cancel);
  return simulateBlockScheduling(test::shippedProfile(profileId),
                                 {kBlockSchedulingId, "sim:" + profileId, params, RunScope::FullSweep}, monitor);
}

}  // namespace

TEST(BlockSchedulingWork, SpreadZeroGivesEveryBlockTheSameWorkAndSpreadStaysWithinItsBound) {
  for (unsigned b = 0; b < 1000; ++b) EXPECT_EQ(blockWorkNs(b, 20000, 0), 20000u);
  std::set<unsigned long long> distinct;
  for (unsigned b = 0; b < 1000; ++b) {
    const unsigned long long w = blockWorkNs(b, 20000, 50);
    EXPECT_GE(w, 10000u);
    EXPECT_LE(w, 30000u);
    EXPECT_EQ(w, blockWorkNs(b, 20000, 50)) << "the GPU and the model must agree on a block's work";
    distinct.insert(w);
  }
  EXPECT_GT(distinct.size(), 500u) << "the spread must vary from block to block";
}

TEST(BlockSchedulingTrace, BlocksTakeTheLowestFreeSlotAndCountTheirWaves) {
  // SM 4: blocks 0 and 1 at once (two slots), block 2 after block 0 ends (slot 1 again, wave 2).
  // SM 9: block 3 alone.
  const std::vector<BlockRecord> records = {
      {1000, 21000, 4, 256}, {1000, 25000, 4, 256}, {21000, 41000, 4, 256}, {1032, 21032, 9, 256}};
  const SchedulingTrace trace = readSchedulingTrace(records);
  ASSERT_EQ(trace.sms, (std::vector<std::uint32_t>{4, 9}));
  EXPECT_EQ(trace.slotsPerSm, (std::vector<int>{2, 1}));
  EXPECT_EQ(trace.blocks[0].slot, 0);
  EXPECT_EQ(trace.blocks[1].slot, 1);
  EXPECT_EQ(trace.blocks[2].slot, 0);
  EXPECT_EQ(trace.blocks[2].wave, 2);
  EXPECT_EQ(trace.blocks[3].wave, 1);
  EXPECT_DOUBLE_EQ(trace.blocks[2].startUs, 20.0);
  EXPECT_DOUBLE_EQ(trace.spanUs, 40.0);
}

TEST(BlockSchedulingTrace, ARecordThatEndsBeforeItStartsIsRefused) {
  EXPECT_THROW(readSchedulingTrace({{5000, 4000, 0, 32}}), std::runtime_error);
}

TEST(BlockSchedulingModel, OneBlockRunsOnOneSmAndLeavesTheOthersIdle) {
  const RunResult r = simulate("h100", gridParams("one-block"));
  EXPECT_EQ(test::scalarOf(r, "sched.sms_used"), 1);
  EXPECT_LT(test::scalarOf(r, "sched.slot_utilization_pct"), 1);
  const View* timeline = r.findView("blocks-on-sms");
  ASSERT_NE(timeline, nullptr);
  EXPECT_EQ(timeline->timeline.events.size(), 1u);
  // SM 0 with the block, 7 idle SMs drawn empty, then the rest counted in one row.
  ASSERT_EQ(timeline->timeline.rows.size(), 9u);
  EXPECT_EQ(timeline->timeline.rows[1].label, "idle SM");
  EXPECT_EQ(timeline->timeline.rows[8].label, "124 more SMs (not drawn)");
}

TEST(BlockSchedulingModel, NBlocksGoOneToEverySm) {
  const RunResult r = simulate("h100", gridParams("one-per-sm"));
  EXPECT_EQ(test::scalarOf(r, "sched.sms_used"), 132);
  EXPECT_EQ(test::scalarOf(r, "sched.max_resident_per_sm"), 1);
}

TEST(BlockSchedulingModel, AFullWaveFillsEverySlotAndNoBlockWaits) {
  const RunResult r = simulate("h100", gridParams("one-wave"));
  EXPECT_EQ(test::scalarOf(r, "sched.residency"), 8);  // 2048 threads / 256
  EXPECT_EQ(test::scalarOf(r, "sched.blocks"), 132 * 8);
  EXPECT_EQ(test::scalarOf(r, "sched.max_resident_per_sm"), 8);
  EXPECT_EQ(test::scalarOf(r, "sched.waited_blocks"), 0);
  EXPECT_LT(test::scalarOf(r, "sched.kernel_us"), 1.1 * test::scalarOf(r, "sched.block_us"));
}

TEST(BlockSchedulingModel, BlocksBeyondAWaveWaitForASlotAndTheTailLeavesSlotsIdle) {
  const RunResult r = simulate("h100", gridParams("wave-and-a-quarter"));
  EXPECT_EQ(test::scalarOf(r, "sched.tail_blocks"), 264);
  EXPECT_EQ(test::scalarOf(r, "sched.waited_blocks"), 264);
  EXPECT_GT(test::scalarOf(r, "sched.kernel_us"), 1.9 * test::scalarOf(r, "sched.block_us"));
  EXPECT_LT(test::scalarOf(r, "sched.slot_utilization_pct"), 70);
}

TEST(BlockSchedulingModel, KernelTimeClimbsByABlocksWorkAtEachWave) {
  const RunResult r = simulate("h200", gridParams("one-wave"));
  const double oneWave = test::scalarOf(r, "sched.time_one_wave_us");
  const double onePlus = test::scalarOf(r, "sched.time_one_wave_plus_one_us");
  EXPECT_NEAR(onePlus - oneWave, test::scalarOf(r, "sched.block_us"), 2.0);
  EXPECT_NEAR(oneWave, test::scalarOf(r, "sched.time_one_block_us"), 2.0);
}

TEST(BlockSchedulingModel, SharedMemoryPerBlockLowersResidencyAndIsNamedTheLimit) {
  ParamSet p = gridParams("one-wave");
  p.set("shared_bytes_per_block", 100 * 1024);  // 2 of Hopper's 228 KiB
  const RunResult r = simulate("h100", p);
  EXPECT_EQ(test::scalarOf(r, "sched.residency"), 2);
  EXPECT_EQ(test::scalarOf(r, "sched.limiter"), static_cast<double>(OccupancyLimiter::SharedMemory));
  EXPECT_EQ(test::scalarOf(r, "sched.max_resident_per_sm"), 2);
}

TEST(BlockSchedulingModel, VolkovsThousandThreadBlocksFitOnceOnFermiAndTwiceOnHopper) {
  ParamSet p = gridParams("one-wave", 1024);
  p.set("shared_bytes_per_block", 8192);
  EXPECT_EQ(test::scalarOf(simulate("gtx480", p), "sched.residency"), 1);
  EXPECT_EQ(test::scalarOf(simulate("h200", p), "sched.residency"), 2);
}

TEST(BlockSchedulingModel, SharedMemoryBeyondTheDevicesBlockLimitIsRefusedByName) {
  ParamSet p = gridParams("one-wave");
  p.set("shared_bytes_per_block", 100 * 1024);  // Fermi: 48 KiB per block
  try {
    simulate("gtx480", p);
    FAIL() << "expected BadInputError";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("shared_bytes_per_block"), std::string::npos) << e.what();
  }
}

TEST(BlockSchedulingModel, AProfileWithoutTheBlockSchedulerSaysWhichFieldIsMissing) {
  try {
    simulate("k40", gridParams("one-wave"));
    FAIL() << "expected BadInputError";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("block_scheduler"), std::string::npos) << e.what();
  }
}

}  // namespace warpscope::labs
