// The fft-registers lab on the simulator: the declared views and the issue's scalars, all four
// points per thread on a sweep and only the focus on a slider step, no cuFFT line without a GPU,
// the seed's trend (GFLOP/s up, occupancy down) and a default run well inside the 50 ms target.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "labs/fft_registers/fft_registers_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, RunScope scope = RunScope::FullSweep,
                    const std::string& device = "sim:h200") {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kFftRegistersId, device, parseAssignments(fftRegistersSpec().params, sets), scope}, nullptr, cancel);
}

}  // namespace

TEST(FftRegistersLab, ASweepHasEveryDeclaredViewAndTheIssuesScalars) {
  const RunOutcome out = simulate({});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  for (const ViewSpec& v : fftRegistersSpec().views) {
    const View* view = r.findView(v.id);
    ASSERT_NE(view, nullptr) << v.id;
    EXPECT_EQ(view->kind, v.kind) << v.id;
  }
  for (const char* id : {"fft.gflops", "fft.gflops_model", "fft.fraction_of_bandwidth_bound", "fft.registers_per_thread",
                         "fft.occupancy", "fft.bandwidth_bound_gflops"}) {
    ASSERT_NE(r.findScalar(id), nullptr) << id;
    EXPECT_GT(r.findScalar(id)->value, 0) << id;
  }
  EXPECT_EQ(r.findScalar("fft.cufft_gflops"), nullptr);  // no cuFFT on a simulator
  EXPECT_EQ(r.findScalar("fft.vs_cufft"), nullptr);
  EXPECT_LE(r.findScalar("fft.fraction_of_bandwidth_bound")->value, 1.05);
  const View* g = r.findView("gflops-vs-points-per-thread");
  ASSERT_EQ(g->series.size(), 2u);  // the model's register FFT and the bandwidth bound
  ASSERT_EQ(g->series[0].points.size(), 4u);
  EXPECT_EQ(g->series[0].points.front().x, 2);
  EXPECT_EQ(g->series[0].points.back().x, 16);
  EXPECT_TRUE(g->hasFocus);
  EXPECT_EQ(g->focusX, 16);
  EXPECT_EQ(r.findView("model-limits")->bars.categories.size(), 4u);
}

TEST(FftRegistersLab, GflopsGoUpWhileOccupancyGoesDown) {
  const RunOutcome out = simulate({"points=1024"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const std::vector<BenchCheck> checks = fftRegistersBenchChecks(out.result(), DeviceInfo{});
  ASSERT_EQ(checks.size(), 3u);
  EXPECT_TRUE(checks[2].pass) << checks[2].detail;
  EXPECT_FALSE(checks[0].pass);  // no cuFFT on a simulator: reported, gated on a GPU only
  EXPECT_TRUE(checks[0].gpuOnly);
}

TEST(FftRegistersLab, AFocusRerunModelsTheFocusOnly) {
  const RunOutcome out = simulate({"points=512", "points_per_thread=4"}, RunScope::FocusOnly);
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  EXPECT_TRUE(r.focusOnly);
  const View* g = r.findView("gflops-vs-points-per-thread");
  ASSERT_EQ(g->series[0].points.size(), 1u);
  EXPECT_EQ(g->series[0].points[0].x, 4);
  EXPECT_NE(r.findScalar("fft.gflops")->label.find("512 points, 4 points per thread"), std::string::npos);
}

// A guard against a model that went quadratic, not a timing: the 50 ms target of a simulated
// sweep is `warpscope-cli bench`'s (LabSpec::simSweepTargetS), where a busy machine is said.
TEST(FftRegistersLab, TheDefaultSimulatedRunFinishesInAFewSecondsAtMost) {
  const auto start = std::chrono::steady_clock::now();
  const RunOutcome out = simulate({});
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_LT(ms, 2000);
}

TEST(FftRegistersLab, AProfileWithoutTheMechanismRefusesTheLabByName) {
  const RunOutcome out = simulate({}, RunScope::FullSweep, "sim:gtx480");
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("fft"), std::string::npos) << out.error().message;
}
