// Guards um-streaming's CUDA measurement: every mode's kernel sum is checked (a wrong one
// throws), the traced repetition sees the migrations, the seed's ordering holds (prefetch >
// warp/64K > thread/4B on demand), and the safety cap refuses more than half of the free memory.
// StreamingTableAt256MiB prints the figures the simulator is calibrated from.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "labs/um_streaming/um_streaming_cuda.h"
#include "um_device_test_support.h"
#include "warpscope/params.h"

namespace warpscope::labs {
namespace {

using um::UmScenarioResult;

class UmStreamingCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::umtest::umSkipReason(); !why.empty()) GTEST_SKIP() << why;
    context_ = cuda::umtest::makeContext();
  }
  UmScenarioResult run(StreamingMode mode, std::uint64_t bytes, std::uint64_t chunk = 128, int reps = 5) {
    return measureStreamingScenario(context_, {mode, bytes, chunk}, reps);
  }
  cuda::DeviceContext context_;
};

constexpr std::uint64_t kSmall = 64ull << 20;

TEST_F(UmStreamingCuda, OnDemandFaultsThePagesInAndChecksTheSum) {
  const UmScenarioResult r = run(StreamingMode::OnDemand, kSmall, 128, 3);
  ASSERT_NE(r.findPhase("kernel"), nullptr);
  EXPECT_GT(r.findPhase("kernel")->gbps(), 0);
  EXPECT_EQ(r.findPhase("kernel")->bytes, kSmall);
  if (!r.trace.captured) GTEST_SKIP() << "no CUPTI trace: " << r.trace.unavailableReason;
  EXPECT_GE(r.counters.bytesHtoD, kSmall);
  EXPECT_GT(r.counters.gpuFaults, 0u);
  EXPECT_EQ(r.trace.initialState, um::PageState::Cpu);
}

TEST_F(UmStreamingCuda, PrefetchMigratesWithoutFaults) {
  const UmScenarioResult r = run(StreamingMode::Prefetch, kSmall, 128, 3);
  ASSERT_NE(r.findPhase("transfer"), nullptr);
  ASSERT_NE(r.findPhase("kernel"), nullptr);
  if (!r.trace.captured) GTEST_SKIP() << "no CUPTI trace: " << r.trace.unavailableReason;
  EXPECT_GE(r.counters.bytesHtoD, kSmall);
  EXPECT_LE(r.counters.gpuFaults, 16u);
}

TEST_F(UmStreamingCuda, MemcpyModesTimeTheCopyAndCheckIt) {
  for (StreamingMode mode : {StreamingMode::MemcpyPinned, StreamingMode::MemcpyPageable}) {
    const UmScenarioResult r = run(mode, kSmall, 128, 3);
    ASSERT_NE(r.findPhase("transfer"), nullptr);
    EXPECT_GT(r.findPhase("transfer")->gbps(), 0.5);
    EXPECT_FALSE(r.trace.captured);
  }
}

TEST_F(UmStreamingCuda, MoreThanHalfTheFreeMemoryIsRefusedNamingTheCap) {
  std::size_t freeBytes = 0, total = 0;
  ASSERT_EQ(cudaMemGetInfo(&freeBytes, &total), cudaSuccess);
  const std::uint64_t tooMuch = ((freeBytes / 2) / 4096 + 16384) * 4096;  // 64 MiB past the cap
  try {
    (void)run(StreamingMode::OnDemand, tooMuch);
    FAIL() << "expected BadInputError";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("half the free device memory"), std::string::npos) << e.what();
    std::cout << e.what() << "\n";
  }
  EXPECT_THROW((void)run(StreamingMode::OnDemand, kSmall, 96), BadInputError);
}

TEST_F(UmStreamingCuda, SizeStudyPointPastTheCapIsSkippedNotRefused) {
  std::size_t freeBytes = 0, total = 0;
  ASSERT_EQ(cudaMemGetInfo(&freeBytes, &total), cudaSuccess);
  const std::uint64_t tooMuch = ((freeBytes / 2) / 4096 + 16384) * 4096;
  StreamingScenario point{StreamingMode::Prefetch, tooMuch, 128, StreamingReset::CpuRetouch, true};
  const UmScenarioResult skipped = measureStreamingScenario(context_, point, 3);
  EXPECT_TRUE(skipped.phases.empty());
  ASSERT_FALSE(skipped.notes.empty());
  EXPECT_NE(skipped.notes.front().find("skipped"), std::string::npos) << skipped.notes.front();
  // Below the cap a point is timed, checked and not traced.
  point.bufferBytes = kSmall;
  const UmScenarioResult timed = measureStreamingScenario(context_, point, 3);
  ASSERT_NE(timed.findPhase("transfer"), nullptr);
  EXPECT_GT(timed.findPhase("transfer")->gbps(), 1.0);
  EXPECT_FALSE(timed.trace.captured);
}

/// The figures for 256 MiB, printed (and written to WARPSCOPE_DEVICE_TEST_OUT/um_streaming_table.txt):
/// every mode, the on-demand and prefetch ones under each way of putting the pages back on the CPU.
TEST_F(UmStreamingCuda, StreamingTableAt256MiB) {
  constexpr std::uint64_t kBytes = 256ull << 20;
  struct Row {
    const char* label;
    StreamingMode mode;
    std::uint64_t chunk;
    StreamingReset reset;
    std::uint64_t bytes;
  };
  constexpr auto F = StreamingReset::FreshAllocation, P = StreamingReset::PrefetchToCpu, C = StreamingReset::CpuRetouch;
  std::vector<Row> rows;
  for (StreamingReset reset : {F, P, C}) {
    rows.push_back({"on-demand thread/4B (128 B/warp)", StreamingMode::OnDemand, 128, reset, kBytes});
    rows.push_back({"on-demand 1 KiB/warp", StreamingMode::OnDemand, 1024, reset, kBytes});
    rows.push_back({"on-demand 4 KiB/warp", StreamingMode::OnDemand, 4096, reset, kBytes});
    rows.push_back({"on-demand warp/64K", StreamingMode::OnDemand, 65536, reset, kBytes});
    rows.push_back({"on-demand 2 MiB/warp", StreamingMode::OnDemand, 2u << 20, reset, kBytes});
    rows.push_back({"prefetch (cudaMemPrefetchAsync)", StreamingMode::Prefetch, 128, reset, kBytes});
  }
  rows.push_back({"memcpy pinned HtoD", StreamingMode::MemcpyPinned, 128, F, kBytes});
  rows.push_back({"memcpy pageable HtoD", StreamingMode::MemcpyPageable, 128, F, kBytes});
  rows.push_back({"prefetch 1 GiB", StreamingMode::Prefetch, 128, P, 1ull << 30});
  rows.push_back({"memcpy pinned HtoD 1 GiB", StreamingMode::MemcpyPinned, 128, F, 1ull << 30});
  const char* resetNames[] = {"fresh", "prefetch", "retouch"};

  std::ostringstream out;
  out << "um-streaming on " << context_.info.name << ", 256 MiB (unless named) managed buffer first touched on the CPU; "
      << "1 warm-up + 7 timed reps (CUDA events); counters from 1 extra CUPTI-traced rep\n"
      << "GB/s = bytes / time of the phase: the kernel (on-demand), the prefetch or the cudaMemcpy (transfer)\n"
      << "reset = how each rep's pages got back to the CPU: fresh = new cudaMallocManaged + CPU fill (the seed's "
      << "benchmark), prefetch = cudaMemPrefetchAsync to the CPU, retouch = CPU rewrites every word (the lab's default)\n"
      << "pgsFaulted = pages migrated because the GPU faulted on them (HtoD records with cause coherence)\n";
  char line[400];
  std::snprintf(line, sizeof line, "%-34s %-8s %8s %8s %8s %10s %9s %9s %9s %9s %7s %12s %7s\n", "mode", "reset",
                "GB/s", "min", "max", "kernelGB/s", "gpuFaults", "faultGrps", "pgsFaulted", "HtoD MiB", "#HtoD", "meanHtoD KiB", "dropped");
  out << line;
  std::map<std::string, double> gbps;
  for (const Row& row : rows) {
    StreamingScenario s{row.mode, row.bytes, row.chunk};
    s.reset = row.reset;
    const UmScenarioResult r = measureStreamingScenario(context_, s, 7);
    const um::UmPhaseTiming* p = r.findPhase(row.mode == StreamingMode::OnDemand ? "kernel" : "transfer");
    const um::UmPhaseTiming* k = r.findPhase("kernel");
    ASSERT_NE(p, nullptr);
    const std::string key = std::string(row.label) + "/" + resetNames[static_cast<int>(row.reset)];
    gbps[key] = p->gbps();
    std::uint64_t transfers = 0;
    for (const auto& e : r.trace.events) transfers += e.kind == um::UmEventKind::BytesHtoD ? 1 : 0;
    const bool managed = row.mode == StreamingMode::OnDemand || row.mode == StreamingMode::Prefetch;
    std::snprintf(line, sizeof line, "%-34s %-8s %8.2f %8.2f %8.2f %10.1f %9llu %9llu %9llu %9.1f %7llu %12.1f %7llu\n",
                  row.label, managed ? resetNames[static_cast<int>(row.reset)] : "-", p->gbps(), p->gbpsLow(),
                  p->gbpsHigh(), k->gbps(), static_cast<unsigned long long>(r.counters.gpuFaults),
                  static_cast<unsigned long long>(r.counters.gpuFaultGroups),
                  static_cast<unsigned long long>(r.counters.gpuFaultedPages),
                  static_cast<double>(r.counters.bytesHtoD) / 1048576.0, static_cast<unsigned long long>(transfers),
                  transfers ? static_cast<double>(r.counters.bytesHtoD) / 1024.0 / static_cast<double>(transfers) : 0.0,
                  static_cast<unsigned long long>(r.trace.droppedRecords));
    out << line;
    if (managed && !r.trace.unavailableReason.empty()) out << "  (trace: " << r.trace.unavailableReason << ")\n";
  }
  const double prefetch = gbps["prefetch (cudaMemPrefetchAsync)/fresh"];
  const double warp64k = gbps["on-demand warp/64K/fresh"];
  const double thread4b = gbps["on-demand thread/4B (128 B/warp)/fresh"];
  const double pinned = gbps["memcpy pinned HtoD/fresh"];
  out << "targets (fresh): prefetch " << prefetch << " > warp/64K " << warp64k << " > thread/4B " << thread4b << ": "
      << (prefetch > warp64k && warp64k > thread4b ? "met" : "NOT MET") << "; prefetch / pinned memcpy = "
      << prefetch / pinned << " (target >= 0.9: " << (prefetch / pinned >= 0.9 ? "met" : "NOT MET") << ")\n";
  cuda::umtest::publish("um_streaming_table.txt", out.str());
  // Asserted: a prefetch beats every on-demand read, for every reset. Printed, not asserted: the
  // seed's warp/64K > thread/4B, which the H200 (driver 580) does not show reliably: on
  // 2026-11-22 thread/4B 9.5 vs warp/64K 9.1 GB/s with fresh buffers (spreads overlapping),
  // 7.5 vs 10.7 with the CPU rewriting the pages (h200_streaming_cupti.txt).
  for (const auto& [key, value] : gbps)
    if (key.rfind("on-demand", 0) == 0) {
      const std::string reset = key.substr(key.rfind('/') + 1);
      EXPECT_GT(gbps["prefetch (cudaMemPrefetchAsync)/" + reset], value) << key;
    }
}

}  // namespace
}  // namespace warpscope::labs
