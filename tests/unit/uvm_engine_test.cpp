// The UVM engine's parts (labs/um_common/uvm_*.h): density prefetch, the LRU of 2 MiB root
// chunks and eviction, fault batches, and byte accounting.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "labs/um_common/um_model.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_gpu_memory.h"
#include "labs/um_common/uvm_prefetch.h"
#include "labs/um_streaming/um_streaming_model.h"
#include "um_test_support.h"

using namespace warpscope;
using namespace warpscope::labs;
using namespace warpscope::labs::um;
using warpscope::um_test::shippedProfile;
using warpscope::um_test::withParam;

namespace {

BlockPageMask pagesOf(std::initializer_list<int> pages) {
  BlockPageMask m;
  for (int p : pages) m.set(p);
  return m;
}

BlockPageMask range(int first, int count) {
  BlockPageMask m;
  m.fill(first, count);
  return m;
}

}  // namespace

TEST(DensityPrefetch, FetchesTheRegionWhenMoreThanThresholdIsResident) {
  // 8 of 16 pages resident + the fault = 9/16 = 56% > 51%: the whole 64 KiB region comes.
  const BlockPageMask move = densityPrefetch(range(0, 8), pagesOf({8}), 512, 51, false);
  EXPECT_EQ(move.count(), 8);  // pages 8..15
  EXPECT_EQ(move.countIn(8, 8), 8);
}

TEST(DensityPrefetch, DoesNotFireAtOrBelowThreshold) {
  // 7 resident + the fault = 8/16 = 50%: not more than 51%, so only the faulted page moves.
  const BlockPageMask move = densityPrefetch(range(0, 7), pagesOf({8}), 512, 51, false);
  EXPECT_EQ(move.count(), 1);
  EXPECT_TRUE(move.test(8));
}

TEST(DensityPrefetch, GpuFaultGrowsToTheWhole64KiBBigPage) {
  const BlockPageMask move = densityPrefetch(BlockPageMask{}, pagesOf({5}), 512, 51, true);
  EXPECT_EQ(move.count(), 16);
  EXPECT_EQ(move.countIn(0, 16), 16);
}

TEST(DensityPrefetch, LowerThresholdFetchesLargerRegionsButNeverBeyondThe2MiBBlock) {
  EXPECT_EQ(densityPrefetch(BlockPageMask{}, pagesOf({5}), 512, 40, true).count(), 32);
  // All but one page resident: the region is the whole block and stays inside it.
  BlockPageMask resident = range(0, 512);
  resident.words[7] &= ~(1ull << 63);
  const BlockPageMask move = densityPrefetch(resident, pagesOf({511}), 512, 51, false);
  EXPECT_EQ(move.count(), 1);
  EXPECT_TRUE(move.test(511));
  // A short last block (100 pages) clips the regions to its pages.
  EXPECT_LE(densityPrefetch(range(0, 90), pagesOf({95}), 100, 51, true).countIn(0, 512), 100);
  EXPECT_EQ(densityPrefetch(range(0, 90), pagesOf({95}), 100, 51, true).countIn(100, 412), 0);
}

TEST(DensityPrefetch, SequentialGpuFaultsDoubleTheFetchedRegion) {
  // The bitmap tree's doubling: with 64 KiB, 128 KiB resident, the next fault fetches 256 KiB, ...
  BlockPageMask resident;
  std::vector<int> sizes;
  for (int page = 0; page < 512;) {
    const BlockPageMask move = densityPrefetch(resident, pagesOf({page}), 512, 51, true);
    sizes.push_back(move.count());
    resident |= move;
    page = resident.count();
  }
  EXPECT_EQ(sizes, (std::vector<int>{16, 16, 32, 64, 128, 256}));
}

TEST(GpuChunkLru, EvictsFrontFirstAndFullyPopulatedChunksMoveToTheTail) {
  GpuChunkLru lru(3, 8);
  lru.allocate(4);
  lru.allocate(1);
  lru.allocate(6);
  EXPECT_TRUE(lru.full());
  EXPECT_EQ(lru.order(), (std::vector<std::uint32_t>{4, 1, 6}));
  lru.touch(4);
  EXPECT_EQ(lru.order(), (std::vector<std::uint32_t>{1, 6, 4}));
  EXPECT_EQ(*lru.leastRecentlyUsed(), 1u);
  lru.release(1);
  EXPECT_FALSE(lru.full());
  EXPECT_EQ(lru.order(), (std::vector<std::uint32_t>{6, 4}));
}

TEST(UvmEngine, EvictsLeastRecentlyUsed2MiBChunkWhenGpuMemoryIsFull) {
  const UvmParams params = readUvmParams(shippedProfile("h200"));
  UvmEngine engine(params, 5 * kChunkBytes, 1, 3.0 * kChunkBytes);
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);
  // Block 0 gets one fault (partly populated), blocks 1 and 2 are prefetched whole, then block 0
  // is completed: being fully populated it moves to the tail, so block 1 is the oldest.
  const FaultEntry fault{0, FaultAccess::Read};
  double t = engine.serviceGpuFaults(Processor::Gpu0, std::span(&fault, 1), 0);
  t += engine.prefetch(kPagesPerChunk, 2 * kPagesPerChunk, Processor::Gpu0, t);
  t += engine.prefetch(0, kPagesPerChunk, Processor::Gpu0, t);
  EXPECT_EQ(engine.gpuMemory[0].order(), (std::vector<std::uint32_t>{1, 2, 0}));
  const FaultEntry fault3{3 * kPagesPerChunk, FaultAccess::Read};
  t += engine.serviceGpuFaults(Processor::Gpu0, std::span(&fault3, 1), t);
  EXPECT_EQ(engine.gpuMemory[0].order(), (std::vector<std::uint32_t>{2, 0, 3}));
  std::uint64_t evictedFromBlock1 = 0;
  for (const UmEvent& e : engine.trace.events) {
    if (e.kind != UmEventKind::BytesDtoH) continue;
    EXPECT_EQ(e.cause, UmCause::Eviction);
    EXPECT_GE(e.address, kChunkBytes);
    EXPECT_LT(e.address, 2 * kChunkBytes);
    evictedFromBlock1 += e.bytes;
  }
  EXPECT_EQ(evictedFromBlock1, kChunkBytes);
  EXPECT_EQ(engine.pages.stateOf(kPagesPerChunk), PageState::Cpu);
  bool sawEvicting = false;
  for (const ResidencyChange& c : engine.trace.changes) sawEvicting = sawEvicting || c.state == PageState::Evicting;
  EXPECT_TRUE(sawEvicting);
}

TEST(UvmEngine, PrefetchCostsOneCallPlusOneTransferPer2MiBBlock) {
  const UvmParams params = readUvmParams(shippedProfile("h200"));
  ASSERT_GT(params.prefetchCallUs, 0);
  for (const std::uint32_t blocks : {1u, 8u, 64u}) {
    UvmEngine engine(params, blocks * kChunkBytes);
    engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);
    const double us = engine.prefetch(0, engine.pages.pageCount(), Processor::Gpu0, 0);
    const double perBlock = params.transferOverheadUs + static_cast<double>(kChunkBytes) / (params.linkGBs * 1e3);
    EXPECT_NEAR(us, params.prefetchCallUs + blocks * perBlock, 1e-6 * us) << blocks << " blocks";
    std::size_t transfers = 0;
    for (const UmEvent& e : engine.trace.events) transfers += e.kind == UmEventKind::BytesHtoD;
    EXPECT_EQ(transfers, blocks);
  }
}

TEST(UvmEngine, GpuFaultCopiesFromHostRunAtTheFaultPathRatePrefetchAtTheLink) {
  const UvmParams params = readUvmParams(shippedProfile("h200"));
  ASSERT_LT(params.faultMigrationGBs, params.linkGBs);
  const auto copyGBs = [](const UmEvent& e) {
    return static_cast<double>(e.bytes) / ((e.endUs - e.startUs) * 1e3);
  };
  UvmEngine faulting(params, kChunkBytes);
  faulting.placeInitially(0, faulting.pages.pageCount(), Processor::Cpu);
  const FaultEntry fault{0, FaultAccess::Read};
  (void)faulting.serviceGpuFaults(Processor::Gpu0, std::span(&fault, 1), 0);
  UvmEngine prefetching(params, kChunkBytes);
  prefetching.placeInitially(0, prefetching.pages.pageCount(), Processor::Cpu);
  (void)prefetching.prefetch(0, prefetching.pages.pageCount(), Processor::Gpu0, 0);
  // Each copy includes the per-block cost once, so the rates below sit under the raw ones.
  double faultGBs = 0, prefetchGBs = 0;
  for (const UmEvent& e : faulting.trace.events)
    if (e.kind == UmEventKind::BytesHtoD) faultGBs = std::max(faultGBs, copyGBs(e));
  for (const UmEvent& e : prefetching.trace.events)
    if (e.kind == UmEventKind::BytesHtoD) prefetchGBs = std::max(prefetchGBs, copyGBs(e));
  EXPECT_LE(faultGBs, params.faultMigrationGBs * 1.0001);
  EXPECT_GT(faultGBs, 0.5 * params.faultMigrationGBs);
  EXPECT_GT(prefetchGBs, 0.8 * params.linkGBs);
  EXPECT_GT(prefetchGBs, 2 * faultGBs);
}

TEST(UvmEngine, PrefetchClosesOnPinnedMemcpyAsTheBufferGrows) {
  // The call's fixed cost amortises over more blocks; the per-block cost does not, so the ratio
  // rises towards a plateau below 1 (the H200: 0.86 at 64 MiB, about 0.9 from 256 MiB on).
  const auto& profile = shippedProfile("h200");
  double previous = 0;
  for (const std::uint64_t mib : {16ull, 64ull, 256ull, 1024ull}) {
    const auto gbps = [&](StreamingMode mode) {
      return simulateStreamingScenario(profile, {mode, mib << 20, 128}).phases.front().gbps();
    };
    const double ratio = gbps(StreamingMode::Prefetch) / gbps(StreamingMode::MemcpyPinned);
    EXPECT_GT(ratio, previous) << mib << " MiB";
    EXPECT_LT(ratio, 1.0) << mib << " MiB";
    previous = ratio;
  }
}

TEST(UvmEngine, BytesMigratedEqualPagesMovedTimesPageSize) {
  const auto& profile = shippedProfile("h200");
  const UvmParams params = readUvmParams(profile);
  for (const std::uint64_t chunk : {std::uint64_t{128}, std::uint64_t{65536}}) {
    const UmScenarioResult r = simulateStreamingScenario(profile, {StreamingMode::OnDemand, 32ull << 20, chunk});
    std::uint64_t eventBytes = 0;
    for (const UmEvent& e : r.trace.events) {
      if (e.kind != UmEventKind::BytesHtoD) continue;
      EXPECT_EQ(e.bytes % kPageBytes, 0u);
      eventBytes += e.bytes;
    }
    // Every page of the buffer moved exactly once.
    EXPECT_EQ(eventBytes, 32ull << 20);
    EXPECT_EQ(r.counters.bytesHtoD, 32ull << 20);
    EXPECT_EQ(r.counters.bytesDtoH, 0u);
  }
  (void)params;
}

TEST(UvmEngine, FaultBatchesNeverExceedFaultBatchCount) {
  const auto small = withParam("uvm", "fault_batch_count", 16);
  const UmScenarioResult r16 = simulateStreamingScenario(small, {StreamingMode::OnDemand, 16ull << 20, 128});
  const UmScenarioResult r256 = simulateStreamingScenario(shippedProfile("h200"), {StreamingMode::OnDemand, 16ull << 20, 128});
  for (const auto* r : {&r16, &r256}) {
    const std::uint64_t limit = r == &r16 ? 16 : 256;
    for (const UmEvent& e : r->trace.events)
      if (e.kind == UmEventKind::GpuPageFault) {
        EXPECT_LE(e.count, limit);
      }
  }
  EXPECT_GT(r16.counters.gpuFaultGroups, r256.counters.gpuFaultGroups);
}
