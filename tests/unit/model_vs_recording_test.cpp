// The simulator's predictions against recordings of real-GPU runs (resources/recordings), made
// by this project's own kernels with scripts/gpu-check.sh. A model change that drifts away from
// the hardware fails here.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "warpscope/backend.h"
#include "warpscope/writers.h"

using namespace warpscope;

namespace {

RunResult loadRecording(const std::string& name) {
  std::ifstream file(std::string(WARPSCOPE_RECORDINGS_DIR) + "/" + name);
  std::stringstream text;
  text << file.rdbuf();
  return readResultJson(text.str());
}

struct Agreement {
  double rmsRelativeError = 0;
  double worstRelativeError = 0;
  int points = 0;
};

/// Runs the simulator with the recording's own parameters on the given profile and compares
/// every point the two share (same view, series and x).
Agreement compare(const RunResult& measured, const std::string& profileId, const std::string& viewId) {
  auto simulator = makeSimulatorBackend();
  RunRequest request{measured.labId, profileId, ParamSet(measured.params), RunScope::FullSweep};
  CancelToken cancel;
  RunOutcome modelled = simulator->run(request, {}, cancel);
  EXPECT_TRUE(modelled.ok()) << (modelled.ok() ? "" : modelled.error().message);
  if (!modelled.ok()) return {};
  const View* real = measured.findView(viewId);
  const View* model = modelled.result().findView(viewId);
  EXPECT_TRUE(real && model);
  if (!real || !model) return {};
  Agreement a;
  double sumSquares = 0;
  for (const auto& realSeries : real->series)
    for (const auto& modelSeries : model->series) {
      if (modelSeries.name != realSeries.name) continue;
      for (const auto& r : realSeries.points)
        for (const auto& m : modelSeries.points)
          if (std::abs(m.x - r.x) < 1e-9) {
            const double e = (m.y - r.y) / r.y;
            sumSquares += e * e;
            a.worstRelativeError = std::max(a.worstRelativeError, std::abs(e));
            ++a.points;
          }
    }
  a.rmsRelativeError = a.points ? std::sqrt(sumSquares / a.points) : 0;
  return a;
}

}  // namespace

TEST(ModelVsRecording, H200ArithmeticSweepWithinSixPercentRms) {
  const RunResult measured = loadRecording("h200_latency_arith.json");
  ASSERT_EQ(measured.provenance, Provenance::Measured);
  const Agreement a = compare(measured, "sim:h200", "fraction-vs-threads");
  std::cout << "[ model    ] latency-arith on H200: " << a.points << " points, RMS " << a.rmsRelativeError
            << ", worst " << a.worstRelativeError << "\n";
  EXPECT_GE(a.points, 150) << "the recording's 192 points should line up with the model's";
  EXPECT_LE(a.rmsRelativeError, 0.06);
  EXPECT_LE(a.worstRelativeError, 0.20);
}

TEST(ModelVsRecording, H200CopySweepWithinSixPercentRms) {
  const RunResult measured = loadRecording("h200_latency_memory.json");
  ASSERT_EQ(measured.provenance, Provenance::Measured);
  const Agreement a = compare(measured, "sim:h200", "fraction-vs-occupancy");
  std::cout << "[ model    ] latency-memory on H200: " << a.points << " points, RMS " << a.rmsRelativeError
            << ", worst " << a.worstRelativeError << "\n";
  EXPECT_GE(a.points, 80);
  EXPECT_LE(a.rmsRelativeError, 0.06);
  EXPECT_LE(a.worstRelativeError, 0.25);
}
