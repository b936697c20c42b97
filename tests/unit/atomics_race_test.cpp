// The atomics lab's race: the host's true sum of the slide's x, the launch's resident warps, the
// model's racy sum (the slide's four threads keep one lane's x; 2^20 threads lose nearly all),
// and the bars view and scalars a full run carries and a slider step leaves out.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/atomics/atomics_lab.h"
#include "labs/atomics/atomics_model.h"
#include "labs/atomics/atomics_race.h"
#include "sim/simulator_backend.h"
#include "test_data.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, RunScope scope = RunScope::FullSweep) {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kAtomicsId, "sim:h200", parseAssignments(atomicsSpec().params, sets), scope}, nullptr, cancel);
}

}  // namespace

TEST(AtomicsRace, TheTrueSumIsTheSlidesElevenPerFourThreads) {
  EXPECT_EQ(raceExpectedSum(4), 11u);
  EXPECT_EQ(raceExpectedSum(32), 88u);
  EXPECT_EQ(raceExpectedSum(1u << 20), 2883584u);
}

TEST(AtomicsRace, ResidentWarpsFollowTheSmsThreadAndBlockLimits) {
  const DeviceInfo& h200 = test::shippedProfile("h200").info;
  EXPECT_EQ(raceWarps(4), 1u);
  EXPECT_EQ(raceResidentWarps(h200, 4), 1u);
  // 256-thread blocks: 2048 / 256 = 8 blocks of 8 warps on each of 132 SMs.
  EXPECT_EQ(raceResidentWarps(h200, 1u << 20), 132u * 64);
  EXPECT_EQ(raceResidentWarps(h200, 1024), 32u);  // the whole launch
}

TEST(AtomicsRace, FourThreadsAreOneWarpAndKeepOneLanesX) {
  const RacePoint p = raceModelPoint(test::shippedProfile("h200"), 4);
  EXPECT_EQ(p.expected, 11u);
  EXPECT_DOUBLE_EQ(p.atomicSum, 11);
  EXPECT_DOUBLE_EQ(p.modelRacySum, 3);  // the lowest lane's x
  EXPECT_DOUBLE_EQ(p.modelSurvivingWarps, 1);
}

TEST(AtomicsRace, ManyWarpsInFlightLoseNearlyTheWholeSum) {
  const RacePoint p = raceModelPoint(test::shippedProfile("h200"), 1u << 20);
  EXPECT_GT(p.modelSurvivingWarps, 0);
  EXPECT_LT(p.modelSurvivingWarps, 1000);  // of 32768 warps: thousands load before a store lands
  EXPECT_DOUBLE_EQ(p.modelRacySum, 3 * p.modelSurvivingWarps);
  EXPECT_GT(1 - p.modelRacySum / static_cast<double>(p.expected), 0.99);
}

TEST(AtomicsRace, AFullRunHasTheBarsAndScalarsAndASliderStepLeavesThemOut) {
  const RunOutcome out = simulate({"race_threads=4"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  const View* bars = r.findView("race");
  ASSERT_NE(bars, nullptr);
  ASSERT_EQ(bars->bars.categories.size(), 3u);
  EXPECT_NE(bars->bars.categories[2].find("varies run to run"), std::string::npos);
  ASSERT_EQ(bars->bars.series.size(), 1u);  // simulated: the model alone
  EXPECT_DOUBLE_EQ(bars->bars.series[0].values[0].value, 11);
  EXPECT_DOUBLE_EQ(bars->bars.series[0].values[1].value, 11);
  EXPECT_DOUBLE_EQ(bars->bars.series[0].values[2].value, 3);
  EXPECT_DOUBLE_EQ(r.findScalar("atomics.race_expected")->value, 11);
  EXPECT_DOUBLE_EQ(r.findScalar("atomics.race_atomic_sum")->value, 11);
  EXPECT_DOUBLE_EQ(r.findScalar("atomics.race_racy_sum")->value, 3);
  EXPECT_NEAR(r.findScalar("atomics.race_lost_fraction")->value, 8.0 / 11, 1e-12);
  bool says = false;
  for (const std::string& n : r.notes) says = says || n.find("varies from run to run") != std::string::npos;
  EXPECT_TRUE(says);

  const RunOutcome step = simulate({"addresses=2"}, RunScope::FocusOnly);
  ASSERT_TRUE(step.ok()) << step.error().message;
  EXPECT_EQ(step.result().findView("race"), nullptr);
  EXPECT_EQ(step.result().findScalar("atomics.race_racy_sum"), nullptr);
}

TEST(AtomicsRace, AThreadCountOffTheChoicesIsBadInputNamingIt) {
  try {
    (void)simulate({"race_threads=5"});
    FAIL() << "race_threads=5 was accepted";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("race_threads"), std::string::npos) << e.what();
  }
}
