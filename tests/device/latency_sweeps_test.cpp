// Guards the targets and Volkov's conclusions on real hardware, through the same path the GUI and
// CLI use (Backend::run, full sweeps at the labs' defaults):
//   - the best latency-arith point reaches 95% of theoretical FP32;
//   - the best latency-memory point reaches 95% of cudaMemcpy measured in the same run;
//   - more ILP needs fewer threads per SM for 90% of peak (part I);
//   - 128+ bytes per thread reach 75% of memcpy at 12.5% occupancy, 4 bytes per thread do not (part II).
// Set WARPSCOPE_DEVICE_TEST_OUT to a folder to keep each sweep's result as JSON.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>

#include "labs/latency_arith/latency_arith_lab.h"
#include "labs/latency_memory/latency_memory_lab.h"
#include "labs/latency_memory/copy_bench.h"
#include "cuda/device_query.h"
#include "warpscope/writers.h"
#include "resolved_run.h"

namespace warpscope::cuda {
namespace {

class LatencySweeps : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

void keepAsJson(const RunResult& result) {
  const char* dir = std::getenv("WARPSCOPE_DEVICE_TEST_OUT");
  if (!dir) return;
  std::ofstream out(std::string(dir) + "/" + result.labId + ".json");
  makeJsonWriter()->write(result, out);
}

/// Runs a lab's full sweep at its defaults once per test program; later tests reuse it.
const RunResult& fullSweep(const std::string& labId) {
  static std::map<std::string, RunResult> done;
  if (auto it = done.find(labId); it != done.end()) return it->second;
  // A backend of its own, ended with the sweep: a backend kept for the whole program keeps its
  // CUPTI profiler session, and a later test's counters on the same GPU were then refused
  // (cuptiProfilerGetCounterAvailability: CUPTI_ERROR_INVALID_PARAMETER, H200, 2026-11-28).
  const auto backend = makeCudaBackend();
  const LabSpec spec = labId == labs::kLatencyArithId ? labs::latencyArithSpec() : labs::latencyMemorySpec();
  CancelToken cancel;
  RunOutcome outcome = test::runResolved(*backend, {labId, "cuda:0", defaultParams(spec.params), RunScope::FullSweep}, {}, cancel);
  if (!outcome.ok()) throw std::runtime_error(labId + " sweep failed: " + outcome.error().message);
  const RunResult& result = done.emplace(labId, outcome.result()).first->second;
  std::cout << labId << " full sweep on " << result.deviceName << ": " << std::fixed << std::setprecision(2)
            << result.elapsedSeconds << " s wall\n";
  for (const Scalar& s : result.scalars) std::cout << "  " << s.id << " = " << s.value << " " << s.unit << "\n";
  for (const std::string& note : result.notes) std::cout << "  note: " << note << "\n";
  keepAsJson(result);
  return result;
}

double scalar(const RunResult& result, const std::string& id) {
  const Scalar* s = result.findScalar(id);
  if (!s) throw std::runtime_error("result has no scalar " + id);
  return s->value;
}

/// The first x (threads per SM) at which a series reaches `level`, if any.
std::optional<double> firstXReaching(const Series& series, double level) {
  for (const Point& p : series.points)
    if (p.y >= level) return p.x;
  return std::nullopt;
}

TEST_F(LatencySweeps, BestArithConfigReaches95PctOfTheoreticalFp32) {
  const RunResult& r = fullSweep(labs::kLatencyArithId);
  const View* v = r.findView("fraction-vs-threads");
  ASSERT_NE(v, nullptr);
  for (const Series& s : v->series) {
    const auto best = std::max_element(s.points.begin(), s.points.end(),
                                       [](const Point& a, const Point& b) { return a.y < b.y; });
    std::cout << "  " << s.name << ": best " << best->y << " (" << best->yMin << ".." << best->yMax << ") at "
              << best->x << " threads/SM\n";
  }
  EXPECT_EQ(r.provenance, Provenance::Measured);
  EXPECT_GE(scalar(r, "best.fraction"), 0.95);
}

TEST_F(LatencySweeps, MoreIlpNeedsFewerThreadsFor90PctOfPeak) {
  const RunResult& r = fullSweep(labs::kLatencyArithId);
  const View* v = r.findView("fraction-vs-threads");
  ASSERT_NE(v, nullptr);
  std::map<int, double> threadsFor90;  // by ILP
  for (const Series& s : v->series) {
    const auto ilp = static_cast<int>(s.key);  // the series key is its ILP
    const auto x = firstXReaching(s, 0.9);
    std::cout << "  " << s.name << ": 90% of peak at " << (x ? std::to_string(static_cast<int>(*x)) : "never")
              << " threads/SM\n";
    if (x) threadsFor90[ilp] = *x;
  }
  ASSERT_TRUE(threadsFor90.count(1) && threadsFor90.count(2) && threadsFor90.count(4))
      << "ILP 1, 2 and 4 must all reach 90% of peak somewhere in the sweep";
  // Threads come in warps spread over 4 schedulers, so thresholds move in steps of 128 threads.
  // From ILP 2 up the curves reach 90% within a step of each other, and on one H200 host ILP 4
  // crossed at 384 against ILP 2's 256 (docs/results.md): neighbours may tie or swap by one
  // step. ILP 1 against 2 and 4 must not.
  constexpr double kOneStep = 128;
  EXPECT_LT(threadsFor90[2], threadsFor90[1]);
  EXPECT_LT(threadsFor90[4], threadsFor90[1]);
  EXPECT_LE(threadsFor90[4], threadsFor90[2] + kOneStep);
  for (const auto& [ilp, threads] : threadsFor90) {
    if (ilp > 4) {
      EXPECT_LE(threads, threadsFor90[4] + kOneStep) << "ILP " << ilp;
    }
  }
}

TEST_F(LatencySweeps, BestMemoryConfigReaches95PctOfMemcpy) {
  const RunResult& r = fullSweep(labs::kLatencyMemoryId);
  const View* v = r.findView("fraction-vs-occupancy");
  ASSERT_NE(v, nullptr);
  for (const Series& s : v->series) {
    const auto best = std::max_element(s.points.begin(), s.points.end(),
                                       [](const Point& a, const Point& b) { return a.y < b.y; });
    std::cout << "  " << s.name << ": best " << best->y << " (" << best->yMin << ".." << best->yMax << ") at "
              << best->x << "% occupancy\n";
  }
  EXPECT_EQ(r.provenance, Provenance::Measured);
  EXPECT_GE(scalar(r, "best.fraction"), 0.95);
}

TEST_F(LatencySweeps, ManyBytesPerThreadSaturateDramAtOneEighthOccupancy) {
  const RunResult& r = fullSweep(labs::kLatencyMemoryId);
  const double memcpyGbps = scalar(r, "ceiling.memcpy_gbps");
  const DeviceInfo device = queryDevice(0);
  // 12.5% occupancy: an eighth of the SM's threads, in blocks of 64.
  const int threads = 64;
  const int blocks = device.maxThreadsPerSm / 8 / threads;
  CopyBench bench(device, std::size_t{256} << 20, 11);
  const TimingPolicy policy;
  auto fraction = [&](int elements, int bytes) {
    const labs::MemMeasurement m = bench.measure({{elements, bytes, threads, blocks}, labs::MemSweep::VsOccupancy}, policy, nullptr);
    EXPECT_EQ(m.achievedBlocksPerSm, blocks);
    const double f = m.gbpsMedian / memcpyGbps;
    std::cout << "  " << elements * bytes << " B/thread (" << elements << " x " << bytes << " B) at 12.5% occupancy: "
              << m.gbpsMedian << " GB/s = " << f << " of memcpy\n";
    return f;
  };
  const double fourBytes = fraction(1, 4);
  const double bytes128 = fraction(8, 16);
  const double bytes256 = fraction(16, 16);
  EXPECT_GE(bytes128, 0.75);
  EXPECT_GE(bytes256, 0.75);
  EXPECT_LT(fourBytes, 0.4);
}

TEST_F(LatencySweeps, BothCacheHintsCopyCorrectlyAtThePlannedOccupancyBelowTheDramPeak) {
  // Plain versus streaming loads/stores (the figures docs/cuda_backend.md quotes are printed):
  // either variant must copy exactly (measure() throws CheckFailed otherwise), be resident at the
  // planned blocks per SM, and stay under the theoretical DRAM bandwidth (read + write).
  const DeviceInfo device = queryDevice(0);
  const TimingPolicy policy;
  for (CacheHint hint : {CacheHint::Default, CacheHint::Streaming}) {
    CopyBench bench(device, std::size_t{256} << 20, 13, hint);
    for (auto [elements, bytes, blocks] : {std::tuple{4, 16, 8}, std::tuple{8, 16, 4}, std::tuple{4, 16, 16},
                                           std::tuple{2, 16, 32}, std::tuple{8, 8, 16}}) {
      const labs::MemMeasurement m = bench.measure({{elements, bytes, 64, blocks}, labs::MemSweep::VsOccupancy}, policy, nullptr);
      std::cout << "  " << (hint == CacheHint::Streaming ? "streaming" : "plain    ") << " " << elements << " x " << bytes
                << " B, 64 x " << blocks << " blocks/SM (achieved " << m.achievedBlocksPerSm << "): " << m.gbpsMedian
                << " GB/s (" << m.gbpsMin << ".." << m.gbpsMax << ")\n";
      EXPECT_EQ(m.achievedBlocksPerSm, blocks) << elements << " x " << bytes << " B";
      EXPECT_GT(m.gbpsMin, 0.0);
      EXPECT_LE(m.gbpsMax, device.dramBandwidthGBs) << "faster than the DRAM can move bytes: the timing is wrong";
    }
  }
}

}  // namespace
}  // namespace warpscope::cuda
