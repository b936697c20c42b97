// The streams lab on the GPU: every configuration's every element checked (the measurement checks
// each configuration's output before it reports it), the captured timeline holding every copy and
// kernel on its stream, copies in both directions under kernels with pinned memory and none with
// pageable memory, small kernels side by side, and one hardware queue measured in a child process.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>
#include <string>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "labs/streams/streams_lab.h"
#include "resolved_run.h"

namespace warpscope {
namespace {

class StreamsOnGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    backend_ = std::make_unique<cuda::CudaBackend>();
  }
  RunResult measure(const std::vector<std::string>& settings, RunScope scope = RunScope::FullSweep) {
    const RunRequest request{labs::kStreamsId, "cuda:0", parseAssignments(labs::streamsSpec().params, settings), scope};
    CancelToken cancel;
    RunOutcome outcome = test::runResolved(*backend_, request, {}, cancel);
    if (!outcome.ok()) ADD_FAILURE() << outcome.error().message;
    return outcome.ok() ? outcome.result() : RunResult{};
  }
  static int events(const View& v, const std::string& kind, int row) {
    int n = 0;
    for (const TraceEvent& e : v.timeline.events) n += e.kind == kind && e.row == row;
    return n;
  }
  /// Whether some copy of `kind` overlaps some kernel by at least half of the copy.
  static bool copyUnderKernel(const View& v, const std::string& kind) {
    for (const TraceEvent& c : v.timeline.events) {
      if (c.kind != kind || c.row >= 8) continue;
      for (const TraceEvent& k : v.timeline.events)
        if (k.kind == "kernel" && k.row != c.row && std::min(c.end, k.end) - std::max(c.start, k.start) > 0.5 * (c.end - c.start))
          return true;
    }
    return false;
  }
  std::unique_ptr<cuda::CudaBackend> backend_;
};

void print(const RunResult& r) {
  for (const Scalar& s : r.scalars) std::cout << "  " << s.id << " = " << s.value << " " << s.unit << "  (" << s.label << ")\n";
  if (const View* t = r.findView("total-vs-streams"))
    for (const Series& s : t->series) {
      std::cout << "  " << s.name << ":";
      for (const Point& p : s.points) std::cout << " " << p.x << ":" << p.y;
      std::cout << "\n";
    }
  for (const std::string& n : r.notes) std::cout << "  note: " << n << "\n";
}

TEST_F(StreamsOnGpu, TheCapturedTimelineHoldsEveryCopyAndKernelOnItsStreamAndCopiesHideUnderKernels) {
  const RunResult r = measure({"streams=4"});
  print(r);
  const View* t = r.findView("timeline");
  ASSERT_NE(t, nullptr);
  EXPECT_NE(t->title.find("CUPTI"), std::string::npos) << t->title;
  for (int s = 0; s < 4; ++s)
    for (const char* kind : {"htod", "kernel", "dtoh"}) EXPECT_EQ(events(*t, kind, s), 1) << "stream " << s + 1 << " " << kind;
  EXPECT_TRUE(copyUnderKernel(*t, "htod")) << "a copy to the device under a kernel";
  EXPECT_TRUE(copyUnderKernel(*t, "dtoh")) << "a copy to the host under a kernel";
  ASSERT_NE(r.findScalar("streams.speedup_vs_one_stream"), nullptr);
  EXPECT_GT(r.findScalar("streams.speedup_vs_one_stream")->value, 1.3);
}

TEST_F(StreamsOnGpu, PageableMemoryLosesTheOverlap) {
  const RunResult r = measure({"streams=4", "host_memory=pageable"});
  print(r);
  ASSERT_NE(r.findScalar("streams.overlap_fraction"), nullptr);
  EXPECT_LT(r.findScalar("streams.overlap_fraction")->value, 0.2);
}

TEST_F(StreamsOnGpu, SmallKernelsOfEightStreamsRunSideBySide) {
  const RunResult r = measure({"streams=8", "workload=small-kernels"});
  print(r);
  ASSERT_NE(r.findScalar("streams.speedup_vs_one_stream"), nullptr);
  EXPECT_GT(r.findScalar("streams.speedup_vs_one_stream")->value, 4);
}

TEST_F(StreamsOnGpu, TheLegacyDefaultStreamTakesOverlapAway) {
  const RunResult legacy = measure({"streams=4", "default_stream=legacy"}, RunScope::FocusOnly);
  const RunResult perThread = measure({"streams=4", "default_stream=per-thread"}, RunScope::FocusOnly);
  print(legacy);
  print(perThread);
  ASSERT_NE(legacy.findScalar("streams.total_ms"), nullptr);
  ASSERT_NE(perThread.findScalar("streams.total_ms"), nullptr);
  EXPECT_GT(legacy.findScalar("streams.total_ms")->value, 1.1 * perThread.findScalar("streams.total_ms")->value);
}

TEST_F(StreamsOnGpu, OneHardwareQueueIsMeasuredInAChildProcess) {
  const RunResult r = measure({"streams=4", "hardware_queues=1"});
  print(r);
  ASSERT_FALSE(r.notes.empty());
  EXPECT_NE(r.notes.front().find("CUDA_DEVICE_MAX_CONNECTIONS=1"), std::string::npos) << r.notes.front();
  ASSERT_NE(r.findScalar("streams.hardware_queues"), nullptr);
  EXPECT_EQ(r.findScalar("streams.hardware_queues")->value, 1);
}

}  // namespace
}  // namespace warpscope
