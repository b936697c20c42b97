// The divergence model against recordings of the lab on real GPUs (resources/recordings, made with
// `warpscope-cli run divergence` on an H100 80GB HBM3 and an H200, 2026-11-22). The H100's simt
// costs were fitted to other runs (16 and 256 FMAs per path, docs/labs/divergence.md); these
// recordings at the default 64 FMAs check the fit, the H200 one that it carries over to a sibling.
// A model change that drifts away from the hardware fails here.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include "labs/divergence/divergence_lab.h"
#include "warpscope/backend.h"
#include "test_data.h"
#include "warpscope/writers.h"
#include "resolved_run.h"

namespace warpscope::labs {
namespace {

using test::loadRecording;

struct Agreement {
  double rms = 0;
  double worst = 0;
  int points = 0;
};

/// Every measured point of viewId (series without " (model)") against the simulator's point of
/// the same series and x, the simulator run with the recording's parameters.
Agreement compare(const RunResult& measured, const RunResult& model, const std::string& viewId) {
  Agreement a;
  const View* real = measured.findView(viewId);
  const View* sim = model.findView(viewId);
  if (!real || !sim) return a;
  double squares = 0;
  for (const Series& r : real->series) {
    if (r.name.find("(model)") != std::string::npos || r.key < 0) continue;  // the GPU's own model, the ideal line
    for (const Series& m : sim->series)
      if (m.name == r.name)
        for (const Point& rp : r.points)
          for (const Point& mp : m.points)
            if (std::abs(rp.x - mp.x) < 1e-9) {
              const double e = mp.y / rp.y - 1.0;
              squares += e * e;
              a.worst = std::max(a.worst, std::abs(e));
              ++a.points;
            }
  }
  a.rms = a.points ? std::sqrt(squares / a.points) : 0;
  return a;
}

struct RecordingCase {
  const char* file;
  const char* profile;
  double worstAllowed;
};

class DivergenceRecording : public ::testing::TestWithParam<RecordingCase> {};

TEST_P(DivergenceRecording, ModelPredictsTheMeasuredTimesAndSlowdowns) {
  const RecordingCase& c = GetParam();
  const RunResult measured = loadRecording(c.file);
  ASSERT_EQ(measured.labId, kDivergenceId);
  ASSERT_EQ(measured.provenance, Provenance::Measured);
  auto simulator = makeSimulatorBackend();
  CancelToken cancel;
  const RunOutcome model =
      test::runResolved(*simulator, {kDivergenceId, c.profile, ParamSet(measured.params), RunScope::FullSweep}, {}, cancel);
  ASSERT_TRUE(model.ok()) << model.error().message;
  for (const char* view : {"time-vs-paths", "slowdown-vs-paths"}) {
    const Agreement a = compare(measured, model.result(), view);
    std::cout << "[ model    ] " << c.file << " vs " << c.profile << ", " << view << ": " << a.points
              << " points, RMS " << a.rms << ", worst " << a.worst << "\n";
    EXPECT_GE(a.points, 13) << view;
    EXPECT_LE(a.worst, c.worstAllowed) << view;
  }
  // What the trace showed: the paths of a warp one after another, every mask the pattern's lanes.
  EXPECT_EQ(measured.findScalar("divergence.trace_overlapping_segments")->value, 0);
  EXPECT_EQ(measured.findScalar("divergence.trace_mask_mismatches")->value, 0);
}

INSTANTIATE_TEST_SUITE_P(RealGpuRuns, DivergenceRecording,
                         ::testing::Values(RecordingCase{"h100_divergence.json", "sim:h100", 0.05},
                                           RecordingCase{"h200_divergence.json", "sim:h200", 0.05},
                                           // 8 warps per scheduler: issue-bound, the fluid model's weaker side
                                           RecordingCase{"h100_divergence_8warps.json", "sim:h100", 0.10}),
                         [](const ::testing::TestParamInfo<RecordingCase>& testInfo) {
                           std::string name = testInfo.param.file;
                           return name.substr(0, name.find('.'));
                         });

}  // namespace
}  // namespace warpscope::labs
