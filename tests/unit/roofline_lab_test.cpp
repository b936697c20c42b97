// The roofline lab: the roof's shape and ridge, the log-log view, and the model's points under the
// profile's ceilings on every profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "labs/latency_memory/latency_memory_model.h"
#include "labs/limiter/limiter_model.h"
#include "labs/roofline/roofline_lab.h"
#include "core/run_monitor.h"
#include "test_data.h"
#include "warpscope/writers.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

ParamSet defaults() { return defaultParams(rooflineSpec().params); }

RunResult simulate(const std::string& profile) {
  CancelToken cancel;
  const ProgressFn progress;
  RunMonitor monitor(progress, cancel);
  return simulateRoofline(test::shippedProfile(profile), {kRooflineId, "sim:" + profile, defaults(), RunScope::FullSweep},
                          monitor);
}

}  // namespace

TEST(Roofline, RoofIsBandwidthTimesIntensityUpToTheRidgeThenFlat) {
  const LimiterCeilings c{4000, 60000, "", ""};
  EXPECT_DOUBLE_EQ(c.balancedFlopPerByte(), 15.0);
  EXPECT_DOUBLE_EQ(rooflineAt(c, 1.0), 4000.0);
  EXPECT_DOUBLE_EQ(rooflineAt(c, 15.0), 60000.0);
  EXPECT_DOUBLE_EQ(rooflineAt(c, 100.0), 60000.0);
}

TEST(Roofline, RidgeIsMarkedAtPeakOverBandwidthOnALogLogView) {
  const RunResult r = simulate("h200");
  const View* roof = r.findView("roofline");
  ASSERT_NE(roof, nullptr);
  EXPECT_TRUE(roof->logX && roof->logY);
  const double ridge = r.findScalar("roofline.ridge_flop_per_byte")->value;
  EXPECT_NEAR(ridge, r.findScalar("roofline.fma_peak_gflops")->value / r.findScalar("roofline.bandwidth_gbs")->value,
              1e-9);
  ASSERT_EQ(roof->series.size(), 3u);
  ASSERT_EQ(roof->series[2].points.size(), 1u) << "the ridge point";
  EXPECT_DOUBLE_EQ(roof->series[2].points[0].x, ridge);
  // The roof's kink is the ridge.
  ASSERT_EQ(roof->series[0].points.size(), 3u);
  EXPECT_DOUBLE_EQ(roof->series[0].points[1].x, ridge);
  EXPECT_NE(r.notes.front().find("Simulated"), std::string::npos) << "says it is simulated";
}

TEST(Roofline, ModelPointsSitUnderTheProfilesCeilingsOnEveryProfile) {
  for (const auto& p : test::shippedProfilesWith("limiter_kernel")) {
    const RunResult r = simulate(p.id);
    // The model's kernel streams at most at the copy kernel's ceiling, which some profiles say
    // beats cudaMemcpy (the roof): GTX480 0.87 against 0.71 of DRAM theory, A100 0.88 against 0.84.
    const double copyOverMemcpy = std::max(1.0, copyKernelCeilingGBs(p) / memcpyGBs(p));
    EXPECT_LE(r.findScalar("roofline.max_fraction_of_roof")->value, copyOverMemcpy + 1e-9) << p.id;
    EXPECT_GT(r.findScalar("roofline.best_fraction_memory")->value, 0.8) << p.id;
    EXPECT_GT(r.findScalar("roofline.best_fraction_compute")->value, 0.8) << p.id;
  }
}

TEST(Roofline, BenchChecksFailWhenAPointIsAboveTheRoof) {
  RunResult r;
  r.scalars = {{"roofline.best_fraction_memory", "", 0.95, ""},
               {"roofline.best_fraction_compute", "", 0.93, ""},
               {"roofline.max_fraction_of_roof", "", 1.2, ""}};
  const auto checks = rooflineBenchChecks(r, {});
  ASSERT_EQ(checks.size(), 3u);
  EXPECT_TRUE(checks[0].pass);
  EXPECT_TRUE(checks[1].pass);
  EXPECT_FALSE(checks[2].pass);
}

TEST(Roofline, LogAxesSurviveTheJsonRoundTrip) {
  const RunResult r = simulate("h100");
  auto writer = makeJsonWriter();
  std::ostringstream text;
  writer->write(r, text);
  const RunResult back = readResultJson(text.str());
  const View* roof = back.findView("roofline");
  ASSERT_NE(roof, nullptr);
  EXPECT_TRUE(roof->logX);
  EXPECT_TRUE(roof->logY);
  EXPECT_TRUE(back.findView("fraction-of-roof")->logX);
  EXPECT_FALSE(back.findView("fraction-of-roof")->logY);
}
