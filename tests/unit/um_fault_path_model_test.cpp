// The UVM model's pieces for Sakharnykh's fault path and generations (issue 31, section 5): one
// fault batch cut into the seed's stages, the pre-Pascal migration of every dirty page at launch,
// access-counter migration after a threshold, and a prefetch overlapping its evictions; and the
// parameters they read, each range-checked.
#include <gtest/gtest.h>

#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_common/uvm_access_counters.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_fault_path.h"
#include "um_test_support.h"
#include "warpscope/params.h"

namespace warpscope::labs::um {
namespace {

using um_test::shippedProfile;
using um_test::withParam;

TEST(UmFaultPath, StagesRunBackToBackInTheSeedsOrderAndAddUpToTheBatch) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  const FaultPathRun run = runFaultPathExample(p, {4, 128}, "H200");
  ASSERT_GE(run.stages.size(), 6u);
  EXPECT_EQ(run.stages.front().kind, FaultPathStageKind::Notify);
  EXPECT_EQ(run.stages[1].kind, FaultPathStageKind::Fetch);
  EXPECT_EQ(run.stages[2].kind, FaultPathStageKind::Unmap);
  EXPECT_EQ(run.stages[3].kind, FaultPathStageKind::Migrate);
  EXPECT_EQ(run.stages[run.stages.size() - 2].kind, FaultPathStageKind::Map);
  EXPECT_EQ(run.stages.back().kind, FaultPathStageKind::Replay);
  EXPECT_DOUBLE_EQ(run.stages.front().startUs, 0);
  for (std::size_t i = 1; i < run.stages.size(); ++i) {
    EXPECT_NEAR(run.stages[i].startUs, run.stages[i - 1].endUs, 1e-9) << i;
    EXPECT_GE(run.stages[i].endUs, run.stages[i].startUs) << i;
  }
  EXPECT_NEAR(run.stages.back().endUs, run.batchUs, 1e-9) << "the stages are the engine's batch, cut up";
  EXPECT_NEAR(run.stages.front().endUs, p.faultNotifyUs, 1e-9);
  EXPECT_NEAR(run.stages.back().endUs - run.stages.back().startUs, p.faultReplayUs, 1e-9);
}

TEST(UmFaultPath, WarpsSharingAPageLeaveOneEntryEachAndTheDriverDedupsThem) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  const FaultPathRun shared = runFaultPathExample(p, {4, 128}, "H200");  // 4 warps, one page
  EXPECT_EQ(shared.entries.size(), 4u);
  EXPECT_EQ(shared.distinctPages, 1u);
  EXPECT_EQ(shared.scenario.counters.gpuFaultGroups, 1u);
  // The faulted page grows to its 64 KiB big page: 16 pages move for one fault.
  EXPECT_EQ(shared.pagesMigrated, 16u);
  const FaultPathRun spread = runFaultPathExample(p, {4, 65536}, "H200");  // a 64 KiB each
  EXPECT_EQ(spread.distinctPages, 4u);
  EXPECT_GT(spread.batchUs, shared.batchUs);
  EXPECT_THROW(runFaultPathExample(p, {0, 128}, "H200"), BadInputError);
  EXPECT_THROW(runFaultPathExample(p, {4, 100}, "H200"), BadInputError);
}

TEST(UmLaunchMigration, MovesEveryDirtyPageBeforeTheKernelWithoutAFault) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  UvmEngine engine(p, 8ull << 20);
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);
  const double us = engine.migrateDirtyAtLaunch(Processor::Gpu0, 0);
  const UmCounters c = engine.counters();
  EXPECT_EQ(c.bytesHtoD, 8ull << 20);
  EXPECT_EQ(c.gpuFaults, 0u);
  EXPECT_EQ(c.gpuFaultedPages, 0u);
  for (std::uint32_t i = 0; i < engine.pages.pageCount(); ++i) ASSERT_TRUE(engine.pages.residentOn(i, Processor::Gpu0));
  // Four 2 MiB copies at the link's rate, each with its fixed cost, after the launch's own.
  const double expected = p.launchMigrationFixedUs + 4 * (p.transferOverheadUs + (2 << 20) / (p.linkGBs * 1e3));
  EXPECT_NEAR(us, expected, 1e-6);
}

TEST(UmAccessCounters, OnlyRegionsPastTheThresholdMigrateAfterTheirRemoteReads) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  UvmEngine engine(p, 8ull << 20);
  engine.pages.setFlag(0, engine.pages.pageCount(), kAccessedByGpu0, true);
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);
  // Region 0 read whole twice (hot); regions 1-3 read 4 KiB each (32 accesses, under 256).
  std::vector<KernelPhase> phases = {{{0, 2u << 20}, {2u << 20, 4096}, {4u << 20, 4096}, {6u << 20, 4096}},
                                     {{0, 2u << 20}}};
  const CountedAccessRun run = runCountedAccesses(engine, Processor::Gpu0, phases, MigrationTrigger::AccessCounters, 0);
  EXPECT_EQ(run.notifications, 1u);
  EXPECT_GE(run.remoteBytesBeforeMigration, static_cast<std::uint64_t>(p.accessCounterThreshold) * 128);
  for (std::uint32_t i = 0; i < 512; ++i) ASSERT_TRUE(engine.pages.residentOn(i, Processor::Gpu0)) << i;
  for (std::uint32_t i = 512; i < engine.pages.pageCount(); ++i)
    ASSERT_FALSE(engine.pages.residentOn(i, Processor::Gpu0));
  EXPECT_GT(run.localBytes, 0u);
  EXPECT_EQ(engine.counters().bytesHtoD, 2u << 20);
  EXPECT_GT(run.firstMigrationUs, 0);
}

TEST(UmAccessCounters, FirstTouchFaultsMigrateEveryTouchedBigPage) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  UvmEngine engine(p, 8ull << 20);
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);
  std::vector<KernelPhase> phases = {{{2u << 20, 4096}, {4u << 20, 4096}}};
  const CountedAccessRun run =
      runCountedAccesses(engine, Processor::Gpu0, phases, MigrationTrigger::FirstTouchFault, 0);
  EXPECT_EQ(run.remoteBytes, 0u);
  EXPECT_EQ(run.notifications, 0u);
  EXPECT_GE(engine.counters().bytesHtoD, 2u * 65536);  // each touch brings its 64 KiB big page
}

TEST(UmPrefetchEviction, OverlappedEvictionsShortenAPrefetchPastMemoryAndChangeNothingBelowIt) {
  auto prefetchUs = [](bool overlap, bool full) {
    UvmParams p = readUvmParams(shippedProfile("h200"));
    p.prefetchOverlapsEviction = overlap;
    const std::uint64_t half = 16ull << 20;
    UvmEngine engine(p, 2 * half, 1, static_cast<double>(full ? half : 2 * half));
    const auto pages = static_cast<std::uint32_t>(half / kPageBytes);
    engine.placeInitially(0, pages, Processor::Gpu0);
    engine.placeInitially(pages, pages, Processor::Cpu);
    const double us = engine.prefetch(pages, pages, Processor::Gpu0, 0);
    EXPECT_EQ(engine.counters().bytesHtoD, half);
    EXPECT_EQ(engine.counters().bytesDtoH, full ? half : 0);
    return us;
  };
  EXPECT_DOUBLE_EQ(prefetchUs(true, false), prefetchUs(false, false));
  const double overlapped = prefetchUs(true, true), serial = prefetchUs(false, true);
  EXPECT_LT(overlapped, serial);
  EXPECT_GT(overlapped, prefetchUs(true, false)) << "evicting still costs: the slower direction sets the pace";
}

TEST(UmParams, TheFaultPathAndGenerationParametersAreRangeChecked) {
  for (const char* id : {"v100", "a100", "h100", "h200"}) {
    const UvmParams p = readUvmParams(shippedProfile(id));
    EXPECT_EQ(p.accessCounterThreshold, 256) << id;
    EXPECT_EQ(p.accessCounterRegionBytes, 2u << 20) << id;
    EXPECT_TRUE(p.prefetchOverlapsEviction) << id;
    EXPECT_LE(p.faultNotifyUs + p.faultReplayUs, p.gpuFaultBatchUs) << id;
  }
  EXPECT_NE(shippedProfile("h200").paramSource("uvm", "access_counter_threshold").find("uvm_gpu_access_counters.c"),
            std::string::npos);
  EXPECT_NE(shippedProfile("h200").paramSource("uvm", "launch_migration_fixed_us").find("Assumed"), std::string::npos);
  try {
    readUvmParams(withParam("uvm", "fault_notify_us", 50));
    FAIL() << "notify + replay past the batch's cost must be refused";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("fault_notify_us"), std::string::npos) << e.what();
  }
  EXPECT_THROW(readUvmParams(withParam("uvm", "access_counter_granularity_kib", 1024)), BadInputError);
  EXPECT_THROW(readUvmParams(withParam("uvm", "access_counter_threshold", 0)), BadInputError);
}

}  // namespace
}  // namespace warpscope::labs::um
