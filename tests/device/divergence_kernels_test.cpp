// The divergence lab's instrumented kernels on a real GPU: the recorded __activemask of every path
// segment is the pattern's lanes, a warp's segments follow one another (the stack model's
// assumption; Volta+ could interleave them), SM ids are valid, the SMs' clocks align through
// %globaltimer, every thread's output is exact, and the instrumentation's overhead is measured.
// Every test prints what it measured.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>

#include "cuda/cuda_backend.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_query.h"
#include "labs/divergence/divergence_kernels.h"
#include "labs/divergence/divergence_lab.h"
#include "resolved_run.h"

namespace warpscope::labs {
namespace {

class DivergenceKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    device_ = cuda::queryDevice(0);
    ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  }

  /// One instrumented launch of `reps` repetitions: the records per warp and the outputs checked.
  std::vector<RawWarp> traced(const PatternShape& shape, unsigned blocks, unsigned warpsPerBlock, int reps) {
    const unsigned threads = blocks * warpsPerBlock * 32u;
    const unsigned warps = threads / 32u;
    const unsigned slots = recordSlotsFor(shape, reps);
    cuda::DeviceBuffer out(sizeof(float) * threads);
    cuda::DeviceBuffer records(sizeof(DivergenceRecord) * warps * slots);
    WS_CUDA_CHECK(cudaMemset(out.get(), 0xFF, out.bytes()));
    WS_CUDA_CHECK(cudaMemset(records.get(), 0, records.bytes()));
    DivergenceArgs args;
    args.shape = shape;
    args.reps = reps;
    args.out = out.as<float>();
    args.records = records.as<DivergenceRecord>();
    args.recordCapacity = slots;
    WS_CUDA_CHECK(launchDivergence(args, true, blocks, warpsPerBlock * 32u));
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<float> host(threads);
    WS_CUDA_CHECK(cudaMemcpy(host.data(), out.get(), out.bytes(), cudaMemcpyDeviceToHost));
    for (unsigned tid = 0; tid < threads; ++tid)
      EXPECT_EQ(host[tid], expectedThreadOutput(shape, tid / 32u, static_cast<int>(tid % 32u), tid, reps))
          << "thread " << tid;
    std::vector<DivergenceRecord> raw(static_cast<std::size_t>(warps) * slots);
    WS_CUDA_CHECK(cudaMemcpy(raw.data(), records.get(), records.bytes(), cudaMemcpyDeviceToHost));
    std::vector<RawWarp> result(warps);
    for (unsigned w = 0; w < warps; ++w) {
      result[w].block = static_cast<int>(w / warpsPerBlock);
      result[w].warpInBlock = static_cast<int>(w % warpsPerBlock);
      for (unsigned s = 0; s < slots; ++s) {
        const DivergenceRecord& r = raw[static_cast<std::size_t>(w) * slots + s];
        if (r.mask == 0) continue;
        result[w].segments.push_back({r.startClock, r.endClock, r.startGlobalNs, r.mask, r.sm, r.path, r.rep});
      }
    }
    return result;
  }

  DeviceInfo device_;
};

struct Case {
  std::string name;
  PatternShape shape;
};

std::vector<Case> everyPattern() {
  std::vector<Case> cases;
  auto add = [&](std::string name, DivergencePattern p, auto tweak) {
    PatternShape s;
    s.pattern = static_cast<int>(p);
    s.workFmas = 64;
    tweak(s);
    cases.push_back({std::move(name), s});
  };
  auto none = [](PatternShape&) {};
  add("uniform", DivergencePattern::Uniform, none);
  add("odd-even", DivergencePattern::OddEven, none);
  add("first-k 5", DivergencePattern::FirstK, [](PatternShape& s) { s.k = 5; });
  add("warp-uniform", DivergencePattern::WarpUniform, none);
  add("random 30%", DivergencePattern::Random, [](PatternShape& s) { s.probabilityPct = 30; });
  for (int d = 1; d <= 3; ++d)
    add("nested " + std::to_string(d), DivergencePattern::Nested, [d](PatternShape& s) { s.depth = d; });
  add("loop spread 7", DivergencePattern::Loop, [](PatternShape& s) { s.loopSpread = 7; });
  for (int p : {1, 3, 8, 32})
    add("switch " + std::to_string(p), DivergencePattern::Switch, [p](PatternShape& s) { s.paths = p; });
  return cases;
}

TEST_F(DivergenceKernels, RecordedMasksAreThePatternsLanesAndOutputsAreExact) {
  const int reps = 2;
  for (const Case& c : everyPattern()) {
    const auto warps = traced(c.shape, 8, 4, reps);
    long segments = 0, wrong = 0, missing = 0;
    for (std::size_t w = 0; w < warps.size(); ++w) {
      std::map<std::pair<int, int>, std::uint32_t> seen;  // (rep, path) -> mask
      for (const RawSegment& s : warps[w].segments) {
        ++segments;
        seen[{s.rep, s.path}] = s.mask;
        const std::uint32_t expected = pathMask(c.shape, static_cast<unsigned>(w), s.path);
        if (s.mask != expected) {
          ++wrong;
          ADD_FAILURE() << c.name << ": warp " << w << " path " << s.path << " rep " << s.rep << " recorded mask 0x"
                        << std::hex << s.mask << ", the pattern's lanes are 0x" << expected << std::dec;
        }
      }
      for (int rep = 0; rep < reps; ++rep)
        for (int path = 0; path < pathsPerRep(c.shape); ++path)
          if (pathMask(c.shape, static_cast<unsigned>(w), path) && !seen.count({rep, path})) ++missing;
    }
    EXPECT_EQ(missing, 0) << c.name << ": path segments with lanes but no record";
    std::cout << "[ divergence ] " << c.name << ": " << segments << " segments in " << warps.size() << " warps, "
              << wrong << " wrong masks, " << missing << " missing\n";
  }
}

TEST_F(DivergenceKernels, SegmentsOfAWarpFollowOneAnother) {
  for (const Case& c : everyPattern()) {
    const auto warps = traced(c.shape, 4, 8, 2);
    long overlaps = 0;
    std::vector<double> durations, gaps;
    for (const RawWarp& w : warps) {
      std::vector<RawSegment> segs = w.segments;
      std::sort(segs.begin(), segs.end(), [](const auto& a, const auto& b) { return a.startClock < b.startClock; });
      for (std::size_t i = 0; i < segs.size(); ++i) {
        EXPECT_LT(segs[i].startClock, segs[i].endClock) << c.name;
        durations.push_back(double(segs[i].endClock - segs[i].startClock));
        if (i == 0) continue;
        if (segs[i].startClock < segs[i - 1].endClock)
          ++overlaps;
        else
          gaps.push_back(double(segs[i].startClock - segs[i - 1].endClock));
        EXPECT_GE(segs[i].startGlobalNs, segs[i - 1].startGlobalNs) << c.name << ": %globaltimer went back in a warp";
      }
    }
    std::sort(durations.begin(), durations.end());
    std::sort(gaps.begin(), gaps.end());
    EXPECT_EQ(overlaps, 0) << c.name
                           << ": a segment started before the warp's previous one ended: the GPU interleaved "
                              "divergent paths (independent thread scheduling), which the stack model does not";
    std::cout << "[ divergence ] " << c.name << ": segment median " << durations[durations.size() / 2]
              << " cycles (64 dependent FMAs), gap median " << (gaps.empty() ? 0.0 : gaps[gaps.size() / 2])
              << " cycles, " << overlaps << " overlapping\n";
  }
}

TEST_F(DivergenceKernels, SmIdsAreValidAndOnePerWarp) {
  PatternShape s;
  s.pattern = static_cast<int>(DivergencePattern::OddEven);
  const auto warps = traced(s, static_cast<unsigned>(device_.smCount) * 2u, 4, 2);
  std::map<int, int> warpsPerSm;
  for (const RawWarp& w : warps) {
    ASSERT_FALSE(w.segments.empty());
    const int sm = w.segments.front().sm;
    EXPECT_GE(sm, 0);
    EXPECT_LT(sm, device_.smCount);
    for (const RawSegment& seg : w.segments) EXPECT_EQ(seg.sm, sm) << "a warp's segments name one SM";
    ++warpsPerSm[sm];
  }
  std::cout << "[ divergence ] " << warps.size() << " warps on " << warpsPerSm.size() << " of " << device_.smCount
            << " SMs\n";
}

TEST_F(DivergenceKernels, GlobaltimerAlignsTheSmsMonotonically) {
  PatternShape s;
  s.pattern = static_cast<int>(DivergencePattern::Switch);
  s.paths = 4;
  const auto warps = traced(s, static_cast<unsigned>(device_.smCount), 4, 2);
  ClockAlignment alignment;
  const DivergenceTrace trace = alignTrace(warps, device_.smClockMhz / 1000.0, &alignment);
  const double fittedMhz = alignment.cyclesPerNs * 1000.0;
  std::cout << "[ divergence ] SM clock fitted against %globaltimer: " << fittedMhz << " MHz (driver: "
            << device_.smClockMhz << " MHz) over " << alignment.sms.size() << " SMs; worst residual "
            << alignment.worstResidualNs << " ns\n";
  EXPECT_GT(fittedMhz, 0.3 * device_.smClockMhz);
  EXPECT_LT(fittedMhz, 1.3 * device_.smClockMhz);
  // %globaltimer moves in 32 ns steps on Hopper (older GPUs may use coarser steps): allow a few.
  EXPECT_LE(alignment.worstResidualNs, 200.0);
  double earliest = 1e300;
  for (const WarpTrace& w : trace.warps) {
    for (std::size_t i = 1; i < w.segments.size(); ++i) {
      EXPECT_GE(w.segments[i].start, w.segments[i - 1].end) << "aligned segments of a warp stay in order";
    }
    if (!w.segments.empty()) earliest = std::min(earliest, w.segments.front().start);
  }
  EXPECT_DOUBLE_EQ(earliest, 0.0);
  // All SMs start within a few microseconds of each other on the common base.
  double latestFirst = 0;
  for (const WarpTrace& w : trace.warps)
    if (!w.segments.empty()) latestFirst = std::max(latestFirst, w.segments.front().start);
  std::cout << "[ divergence ] first segments of all warps within " << latestFirst / alignment.cyclesPerNs
            << " ns of each other\n";
  EXPECT_LT(latestFirst / alignment.cyclesPerNs, 50'000.0);
}

TEST_F(DivergenceKernels, FullRunMeasuresOverheadAndMatchesTheRecordedMasks) {
  cuda::CudaBackend backend;
  CancelToken cancel;
  RunRequest request{kDivergenceId, "cuda:0", defaultParams(divergenceSpec().params), RunScope::FullSweep};
  const RunOutcome outcome = test::runResolved(backend, request, {}, cancel);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  EXPECT_EQ(r.provenance, Provenance::Measured);
  for (const Scalar& s : r.scalars) std::cout << "[ divergence ] " << s.id << " = " << s.value << " " << s.unit << "\n";
  for (const std::string& n : r.notes) std::cout << "[ note ] " << n << "\n";
  const Scalar* overhead = r.findScalar("divergence.instrumentation_overhead_pct");
  ASSERT_NE(overhead, nullptr);
  EXPECT_TRUE(std::isfinite(overhead->value));
  EXPECT_EQ(r.findScalar("divergence.trace_mask_mismatches")->value, 0);
  const double slowdown = r.findScalar("divergence.slowdown_vs_uniform")->value;  // odd-even
  EXPECT_GT(slowdown, 1.5) << "two serialised paths";
  EXPECT_LT(slowdown, 2.6);
  EXPECT_GT(r.findScalar("divergence.warp_efficiency")->value, 0.45);
  EXPECT_NEAR(r.findScalar("divergence.control_flow_divergence_pct")->value, 50.0, 1e-9);
  const View* slow = r.findView("slowdown-vs-paths");
  ASSERT_NE(slow, nullptr);
  for (const Series& s : slow->series) {
    std::cout << "[ divergence ] " << s.name << ":";
    for (const Point& p : s.points) std::cout << " " << p.x << "->" << p.y;
    std::cout << "\n";
  }
  for (const BenchCheck& check : divergenceBenchChecks(r, backend.devices().front()))
    std::cout << "[ bench ] " << check.what << ": " << check.value << " target " << check.target << " "
              << (check.pass ? "PASS" : "FAIL") << "\n    " << check.detail << "\n";
}

}  // namespace
}  // namespace warpscope::labs
