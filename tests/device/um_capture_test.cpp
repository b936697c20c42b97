// Guards the CUPTI unified-memory capture: on-demand reads show HtoD bytes and GPU fault groups,
// a prefetch shows user-caused HtoD and no faults, records of other allocations are left out,
// and the residency derived from the migrations puts every page on the GPU.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "cuda/device_buffer.h"
#include "labs/um_common/um_capture.h"
#include "labs/um_common/um_support.h"
#include "labs/um_streaming/um_streaming_kernels.h"
#include "um_device_test_support.h"

namespace warpscope::cuda {
namespace {

using labs::um::PageState;
using labs::um::UmCounters;
using labs::um::UmEventKind;
using labs::um::UmTrace;

constexpr std::uint64_t kBytes = 64ull << 20;

class UmCaptureTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = umtest::umSkipReason(); !why.empty()) GTEST_SKIP() << why;
    WS_CUDA_CHECK(cudaSetDevice(0));
  }
  static void fill(const ManagedBuffer& b) {
    auto* w = b.as<std::uint32_t>();
    for (std::uint64_t i = 0; i < b.bytes() / 4; ++i) w[i] = static_cast<std::uint32_t>(i);
  }
  static void read(const ManagedBuffer& b, std::uint64_t chunkBytes) {
    const std::uint64_t words = b.bytes() / 4;
    DeviceBuffer partials(8ull * labs::streamReadBlocks(words, chunkBytes / 4));
    WS_CUDA_CHECK(labs::launchStreamRead(b.as<std::uint32_t>(), words, chunkBytes / 4, false,
                                         partials.as<unsigned long long>(), nullptr));
    WS_CUDA_CHECK(cudaDeviceSynchronize());
  }
  /// Pages that the residency leaves on GPU 0 at the end.
  static std::uint64_t pagesEndingOnGpu0(const UmTrace& t) {
    std::vector<PageState> page(t.allocationBytes / labs::um::kPageBytes, t.initialState);
    for (const auto& c : t.residency)
      for (std::uint32_t p = c.firstPage; p < c.firstPage + c.pageCount && p < page.size(); ++p) page[p] = c.state;
    std::uint64_t n = 0;
    for (PageState s : page) n += s == PageState::Gpu0 ? 1 : 0;
    return n;
  }
  static void expectWellFormed(const UmTrace& t) {
    for (std::size_t i = 0; i < t.events.size(); ++i) {
      EXPECT_LT(t.events[i].address, t.allocationBytes);
      EXPECT_LE(t.events[i].address + t.events[i].bytes, t.allocationBytes);
      EXPECT_LE(t.events[i].startUs, t.events[i].endUs);
      if (i) {
        EXPECT_LE(t.events[i - 1].startUs, t.events[i].startUs);
      }
    }
    for (std::size_t i = 1; i < t.residency.size(); ++i) EXPECT_LE(t.residency[i - 1].timeUs, t.residency[i].timeUs);
  }
};

TEST_F(UmCaptureTest, OnDemandReadShowsHtoDBytesAndGpuFaultGroups) {
  ManagedBuffer buf(kBytes);
  fill(buf);
  UmCapture capture;
  if (!capture.available()) GTEST_SKIP() << "CUPTI unified-memory tracing unavailable: " << capture.unavailableReason();
  read(buf, 64 * 1024);
  const UmTrace t = capture.finish(buf.get(), kBytes);
  ASSERT_TRUE(t.captured) << t.unavailableReason;
  const UmCounters c = labs::um::countersFromEvents(t.events);
  std::cout << "on-demand 64 MiB: " << t.events.size() << " events, HtoD " << c.bytesHtoD << " B, GPU faults "
            << c.gpuFaults << " in " << c.gpuFaultGroups << " groups, dropped " << t.droppedRecords << "\n";
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> byKind;  // kind/cause/access -> events, bytes
  for (const auto& e : t.events) {
    auto& k = byKind[std::string(labs::um::eventKindId(e.kind)) + "/" + labs::um::causeName(e.cause) + "/" +
                     labs::um::accessName(e.access)];
    ++k.first;
    k.second += e.bytes;
  }
  for (const auto& [k, v] : byKind) std::cout << "  " << k << ": " << v.first << " events, " << v.second << " B\n";
  std::cout << "  residency changes: " << t.residency.size() << ", span " << t.durationUs << " us\n";
  EXPECT_GE(c.bytesHtoD, kBytes);
  EXPECT_GT(c.gpuFaults, 0u);
  EXPECT_GT(c.gpuFaultGroups, 0u);
  EXPECT_EQ(t.droppedRecords, 0u);
  expectWellFormed(t);
  EXPECT_EQ(pagesEndingOnGpu0(t), kBytes / labs::um::kPageBytes) << "every page migrated to GPU 0";
}

TEST_F(UmCaptureTest, PrefetchShowsUserHtoDAndNoFaults) {
  ManagedBuffer buf(kBytes);
  fill(buf);
  UmCapture capture;
  if (!capture.available()) GTEST_SKIP() << "CUPTI unified-memory tracing unavailable: " << capture.unavailableReason();
  WS_CUDA_CHECK(cudaMemPrefetchAsync(buf.get(), kBytes, gpuLocation(0), 0, nullptr));
  read(buf, 64 * 1024);
  const UmTrace t = capture.finish(buf.get(), kBytes);
  ASSERT_TRUE(t.captured);
  const UmCounters c = labs::um::countersFromEvents(t.events);
  std::uint64_t userBytes = 0;
  for (const auto& e : t.events)
    if (e.kind == UmEventKind::BytesHtoD && e.cause == labs::um::UmCause::User) userBytes += e.bytes;
  std::cout << "prefetch 64 MiB: " << t.events.size() << " events, HtoD " << c.bytesHtoD << " B (user " << userBytes
            << "), GPU faults " << c.gpuFaults << "\n";
  EXPECT_GE(c.bytesHtoD, kBytes);
  EXPECT_GE(userBytes, kBytes / 2) << "a prefetch's migrations carry cause 'user'";
  EXPECT_LE(c.gpuFaults, 16u) << "prefetched pages should not fault";
  expectWellFormed(t);
  EXPECT_EQ(pagesEndingOnGpu0(t), kBytes / labs::um::kPageBytes);
}

TEST_F(UmCaptureTest, RecordsOfOtherAllocationsAreLeftOut) {
  ManagedBuffer mine(kBytes), other(kBytes);
  fill(mine);
  fill(other);
  UmCapture capture;
  if (!capture.available()) GTEST_SKIP() << "CUPTI unified-memory tracing unavailable: " << capture.unavailableReason();
  read(mine, 64 * 1024);
  read(other, 64 * 1024);
  const UmTrace t = capture.finish(mine.get(), kBytes);
  const UmCounters c = labs::um::countersFromEvents(t.events);
  EXPECT_GE(c.bytesHtoD, kBytes);
  EXPECT_LE(c.bytesHtoD, kBytes + (2ull << 20)) << "the other allocation's migrations must be left out";
  expectWellFormed(t);
}

TEST_F(UmCaptureTest, CaptureAfterCaptureStartsEmpty) {
  ManagedBuffer buf(kBytes);
  fill(buf);
  {
    UmCapture first;
    if (!first.available()) GTEST_SKIP() << first.unavailableReason();
    read(buf, 64 * 1024);
    (void)first.finish(buf.get(), kBytes);
  }
  UmCapture second;  // nothing migrates now: the pages are already on the GPU
  read(buf, 64 * 1024);
  const UmTrace t = second.finish(buf.get(), kBytes);
  const UmCounters c = labs::um::countersFromEvents(t.events);
  EXPECT_EQ(c.bytesHtoD, 0u);
  EXPECT_EQ(c.gpuFaults, 0u);
}

}  // namespace
}  // namespace warpscope::cuda
