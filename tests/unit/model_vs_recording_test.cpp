// The simulator's predictions against recordings of real-GPU runs (resources/recordings), made
// by this project's own kernels with scripts/gpu-check.sh. A model change that drifts away from
// the hardware fails here.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "warpscope/backend.h"
#include "test_data.h"
#include "warpscope/writers.h"
#include "resolved_run.h"

using namespace warpscope;

namespace {

using test::loadRecording;

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
  RunOutcome modelled = test::runResolved(*simulator, request, {}, cancel);
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

/// One recording and the profile that should predict it.
struct RecordingCase {
  const char* file;
  const char* profile;
  const char* view;
  int minimumPoints;
  double worstAllowed;
};

class ModelVsRecording : public ::testing::TestWithParam<RecordingCase> {};

TEST_P(ModelVsRecording, SweepAgreesWithinSixPercentRms) {
  const RecordingCase& c = GetParam();
  const RunResult measured = loadRecording(c.file);
  ASSERT_EQ(measured.provenance, Provenance::Measured);
  const Agreement a = compare(measured, c.profile, c.view);
  std::cout << "[ model    ] " << c.file << " vs " << c.profile << ": " << a.points << " points, RMS "
            << a.rmsRelativeError << ", worst " << a.worstRelativeError << "\n";
  EXPECT_GE(a.points, c.minimumPoints) << "the recording's points should line up with the model's";
  EXPECT_LE(a.rmsRelativeError, 0.06);
  EXPECT_LE(a.worstRelativeError, c.worstAllowed);
}

// The H200 recordings calibrated the memory terms; the H100 ones were not used for fitting, so
// they check that the borrowed terms carry over to a sibling GPU.
INSTANTIATE_TEST_SUITE_P(
    RealGpuRuns, ModelVsRecording,
    ::testing::Values(RecordingCase{"h200_latency_arith.json", "sim:h200", "fraction-vs-threads", 150, 0.20},
                      RecordingCase{"h200_latency_memory.json", "sim:h200", "fraction-vs-occupancy", 80, 0.25},
                      RecordingCase{"h100_latency_arith.json", "sim:h100", "fraction-vs-threads", 150, 0.20},
                      RecordingCase{"h100_latency_memory.json", "sim:h100", "fraction-vs-occupancy", 80, 0.25},
                      // Calibrated shared_memory.loads_in_flight_per_warp (with ILP 1, 2, 8 runs).
                      RecordingCase{"h200_register_vs_shared.json", "sim:h200", "gflops-vs-threads", 90, 0.25}),
    [](const ::testing::TestParamInfo<RecordingCase>& testInfo) {
      std::string name = testInfo.param.file;
      name = name.substr(0, name.find('.'));
      return name;
    });
