// The atomics model against the shipped H200 recordings of its presets (made by the lab's own
// kernels on the lent H200): the target, the one-address and one-address-per-thread ends
// of the plain curves within 25% for int and float, and warp aggregation's speedup at one address.
// A change of the model or of the profile's atomics parameters that drifts from the GPU fails here.
#include <gtest/gtest.h>

#include <string>

#include "labs/atomics/atomics_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/recording.h"
#include "resolved_run.h"

using namespace warpscope;

namespace {

RunResult recorded(const std::string& preset) {
  return readRunFile(std::string(WARPSCOPE_RECORDINGS_DIR) + "/devices/h200/" + preset + ".wsrec").result;
}

/// The recorded values over the lab's defaults: the recordings predate race_threads (the race has
/// nothing to do with the rates compared here).
ParamSet recordedOverDefaults(const RunResult& measured) {
  ParamSet params = defaultParams(labs::atomicsSpec().params);
  for (const auto& [id, value] : measured.params) params.set(id, value);
  return params;
}

RunResult modelled(const RunResult& measured) {
  auto simulator = makeSimulatorBackend();
  CancelToken cancel;
  RunOutcome out = test::runResolved(*simulator, {measured.labId, "sim:h200", recordedOverDefaults(measured), RunScope::FullSweep}, {}, cancel);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  return out.ok() ? out.result() : RunResult{};
}

const Series* seriesOf(const RunResult& r, const std::string& view, const std::string& name) {
  const View* v = r.findView(view);
  if (!v) return nullptr;
  for (const Series& s : v->series)
    if (s.name == name) return &s;
  return nullptr;
}

void expectEndsWithin25Percent(const RunResult& measured, const RunResult& model, const std::string& view,
                               const std::string& series) {
  const Series* m = seriesOf(measured, view, series);
  const Series* p = seriesOf(model, view, series);
  ASSERT_TRUE(m && p) << view << ": " << series;
  ASSERT_EQ(m->points.size(), p->points.size()) << series;
  for (std::size_t i : {std::size_t{0}, m->points.size() - 1}) {
    const double ratio = m->points[i].y / p->points[i].y;
    std::cout << "  " << series << " at " << m->points[i].x << " addresses: measured " << m->points[i].y << " G/s, model "
              << p->points[i].y << " G/s (" << ratio << ")\n";
    EXPECT_GE(ratio, 0.8) << series << " at " << m->points[i].x;
    EXPECT_LE(ratio, 1.25) << series << " at " << m->points[i].x;
  }
}

}  // namespace

TEST(AtomicsModelVsRecording, ThePlainCurvesEndsAreWithin25PercentForIntAndFloat) {
  for (const char* preset : {"atomics-warp-aggregation", "atomics-lock-like-bottleneck"}) {  // int, float
    SCOPED_TRACE(preset);
    const RunResult measured = recorded(preset);
    ASSERT_EQ(measured.provenance, Provenance::Measured);
    const RunResult model = modelled(measured);
    expectEndsWithin25Percent(measured, model, "global-vs-addresses", "global");
    expectEndsWithin25Percent(measured, model, "shared-vs-addresses", "shared");
  }
}

TEST(AtomicsModelVsRecording, WarpAggregationsSpeedupAtOneAddressIsTheModels) {
  const RunResult measured = recorded("atomics-warp-aggregation");  // global, int, one address
  const RunResult model = modelled(measured);
  const Scalar* got = measured.findScalar("atomics.aggregation_speedup");
  const Scalar* predicted = model.findScalar("atomics.aggregation_speedup");
  ASSERT_TRUE(got && predicted);
  std::cout << "  aggregation speedup at one address: measured " << got->value << ", model " << predicted->value << "\n";
  EXPECT_NEAR(got->value / predicted->value, 1.0, 0.1);
}
