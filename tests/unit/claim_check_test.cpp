// A slide's claim as checks on its run's own numbers (claim_check.h, issue 28): the checks parse
// or are refused by what is wrong, are judged with the numbers, say when the run lacks a
// quantity, and every check a preset declares names quantities its run produces.
#include <gtest/gtest.h>

#include "warpscope/claim_check.h"
#include "warpscope/lectures.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

using namespace warpscope;

namespace {

RunResult twoFigures(double warp, double thread) {
  RunResult r;
  r.deviceName = "NVIDIA H100 80GB HBM3";
  r.scalars = {{"gbps.warp", "warp/64KB", warp, "GB/s"}, {"gbps.thread", "thread/4B", thread, "GB/s"}};
  View v;
  v.id = "fraction";
  v.kind = ViewKind::Xy;
  v.series.push_back({"ILP 4", {{128, 0.7, 0.7, 0.7}, {256, 0.93, 0.9, 0.95}}, 4});
  r.views.push_back(v);
  return r;
}

std::string refusal(const std::string& text) {
  try {
    (void)parseClaimCheck(text);
  } catch (const BadInputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST(ClaimCheck, ParsesScalarsSeriesPointsNumbersAndMultiples) {
  const ClaimCheck a = parseClaimCheck("scalar:gbps.warp > 1.5 x scalar:gbps.thread");
  EXPECT_EQ(a.op, ">");
  EXPECT_EQ(a.left.kind, ClaimTerm::Kind::Scalar);
  EXPECT_EQ(a.left.scalarId, "gbps.warp");
  EXPECT_DOUBLE_EQ(a.right.factor, 1.5);
  const ClaimCheck b = parseClaimCheck("fraction/ILP 4@256 ~ 0.9 within 5%");
  EXPECT_EQ(b.left.kind, ClaimTerm::Kind::SeriesPoint);
  EXPECT_EQ(b.left.viewId, "fraction");
  EXPECT_EQ(b.left.series, "ILP 4");
  EXPECT_DOUBLE_EQ(b.left.x, 256);
  EXPECT_DOUBLE_EQ(b.withinPct, 5);
}

TEST(ClaimCheck, AMalformedCheckIsRefusedSayingWhatIsWrong) {
  EXPECT_NE(refusal("scalar:a is more than scalar:b").find("no comparison"), std::string::npos);
  EXPECT_NE(refusal("scalar:a ~ 3").find("'~' needs 'within P%'"), std::string::npos);
  EXPECT_NE(refusal("scalar:a > 3 within 5%").find("'within' goes with '~' only"), std::string::npos);
  EXPECT_NE(refusal("scalar:a ~ 3 within five").find("needs a percentage"), std::string::npos);
  EXPECT_NE(refusal("2 > 1").find("compares two numbers"), std::string::npos);
  EXPECT_NE(refusal("fraction/ILP 4@ > 1").find("names no x or category"), std::string::npos);
  EXPECT_NE(refusal("threads > 1").find("neither a number, scalar:ID nor VIEW/SERIES@X"), std::string::npos);
  EXPECT_NE(refusal("scalar: > 1").find("names no scalar"), std::string::npos);
}

TEST(ClaimCheck, AHoldingClaimSaysSoWithTheNumbersAndTheDevice) {
  const ClaimVerdict v = judgeClaim({"scalar:gbps.warp > scalar:gbps.thread", "fraction/ILP 4@256 >= 0.9"}, twoFigures(8.25, 7.43));
  EXPECT_EQ(v.kind, ClaimVerdict::Kind::Holds);
  EXPECT_EQ(verdictLine(v, twoFigures(8.25, 7.43)),
            "Holds on NVIDIA H100 80GB HBM3: warp/64KB = 8.25 > thread/4B = 7.43; ILP 4 at 256 = 0.93 >= 0.9");
}

TEST(ClaimCheck, OneFailingCheckMakesTheClaimNotHoldAndSaysWhich) {
  const RunResult r = twoFigures(6.17, 6.30);
  const ClaimVerdict v = judgeClaim({"scalar:gbps.warp > scalar:gbps.thread", "fraction/ILP 4@256 >= 0.9"}, r);
  EXPECT_EQ(v.kind, ClaimVerdict::Kind::DoesNotHold);
  EXPECT_EQ(verdictLine(v, r), "Does not hold on NVIDIA H100 80GB HBM3: warp/64KB = 6.17 is not > thread/4B = 6.3; "
                               "ILP 4 at 256 = 0.93 >= 0.9");
}

TEST(ClaimCheck, MultiplesAndToleranceAreJudgedAsWritten) {
  const RunResult r = twoFigures(12, 6);
  EXPECT_EQ(judgeClaim({"scalar:gbps.warp >= 2 x scalar:gbps.thread"}, r).kind, ClaimVerdict::Kind::Holds);
  EXPECT_EQ(judgeClaim({"scalar:gbps.warp > 2.1 x scalar:gbps.thread"}, r).kind, ClaimVerdict::Kind::DoesNotHold);
  EXPECT_EQ(judgeClaim({"scalar:gbps.warp ~ 11 within 10%"}, r).kind, ClaimVerdict::Kind::Holds);
  EXPECT_EQ(judgeClaim({"scalar:gbps.warp ~ 10 within 10%"}, r).kind, ClaimVerdict::Kind::DoesNotHold);
}

TEST(ClaimCheck, AQuantityTheRunLacksIsSaidNotJudged) {
  const RunResult r = twoFigures(8, 7);
  const ClaimVerdict v = judgeClaim({"scalar:gbps.warp > scalar:gbps.prefetch", "fraction/ILP 2@256 > 0.5",
                                     "fraction/ILP 4@512 > 0.5", "other/ILP 4@256 > 0.5"},
                                    r);
  EXPECT_EQ(v.kind, ClaimVerdict::Kind::CannotJudge);
  ASSERT_EQ(v.findings.size(), 4u);
  EXPECT_EQ(v.findings[0], "the run has no scalar 'gbps.prefetch'");
  EXPECT_EQ(v.findings[1], "view 'fraction' has no series 'ILP 2'");
  EXPECT_EQ(v.findings[2], "series 'ILP 4' has no point at 512");
  EXPECT_EQ(v.findings[3], "the run has no view 'other'");
  EXPECT_EQ(judgeClaim({}, r).kind, ClaimVerdict::Kind::CannotJudge);
}

TEST(ClaimCheck, ABarsViewsBarIsReadByItsSeriesAndCategory) {
  RunResult r = twoFigures(8, 7);
  View bars;
  bars.id = "atomics";
  bars.kind = ViewKind::Bars;
  bars.bars.categories = {"global, 1 address", "shared"};
  bars.bars.series = {{"plain", {{0.8, 0.8, 0.8}, {40, 40, 40}}}};
  r.views.push_back(bars);
  const ClaimVerdict v = judgeClaim({"atomics/plain@shared > 10 x atomics/plain@global, 1 address"}, r);
  EXPECT_EQ(v.kind, ClaimVerdict::Kind::Holds);
  ASSERT_EQ(v.findings.size(), 1u);
  EXPECT_EQ(v.findings[0], "plain: shared = 40 > 10 x (plain: global, 1 address = 0.8) = 8");
  const ClaimVerdict missing = judgeClaim({"atomics/plain@local > 1", "atomics/aggregated@shared > 1"}, r);
  EXPECT_EQ(missing.kind, ClaimVerdict::Kind::CannotJudge);
  EXPECT_EQ(missing.findings[0], "view 'atomics' has no bar 'local'");
  EXPECT_EQ(missing.findings[1], "view 'atomics' has no bar series 'aggregated'");
}

// A measured GPU the preset explains gets the measured why; the model never does (the model must
// hold the claim), nor another GPU, nor a claim that holds.
TEST(ClaimCheck, AnExplanationAttachesOnlyToAFailedMeasuredRunOfTheGpuItNames) {
  const std::vector<ClaimExplanation> why = {{"H100", "the on-demand rate is flat in bytes per warp"}};
  RunResult h100 = twoFigures(6.17, 6.30);
  h100.provenance = Provenance::Measured;
  const ClaimVerdict explained = judgeClaim({"scalar:gbps.warp > scalar:gbps.thread"}, h100, why);
  EXPECT_TRUE(explained.explained());
  EXPECT_EQ(verdictLine(explained, h100),
            "Does not hold on NVIDIA H100 80GB HBM3: warp/64KB = 6.17 is not > thread/4B = 6.3. Why: the on-demand "
            "rate is flat in bytes per warp");
  RunResult model = h100;
  model.provenance = Provenance::Simulated;
  EXPECT_FALSE(judgeClaim({"scalar:gbps.warp > scalar:gbps.thread"}, model, why).explained());
  RunResult h200 = h100;
  h200.deviceName = "NVIDIA H200";
  EXPECT_FALSE(judgeClaim({"scalar:gbps.warp > scalar:gbps.thread"}, h200, why).explained());
  const ClaimVerdict holds = judgeClaim({"scalar:gbps.warp < scalar:gbps.thread"}, h100, why);
  EXPECT_EQ(holds.kind, ClaimVerdict::Kind::Holds);
  EXPECT_TRUE(holds.explanation.empty());
}

// Every declared check parses and, run on the simulator, names quantities the preset's run
// produces: a renamed scalar or view would otherwise turn a slide's verdict into "cannot be judged".
TEST(ClaimCheck, EveryPresetsChecksNameQuantitiesItsRunProduces) {
  Session session;
  int checked = 0;
  for (const PresetRef& ref : allPresets(session.registry())) {
    if (ref.preset->checks.empty()) continue;
    for (const std::string& check : ref.preset->checks) EXPECT_NO_THROW((void)parseClaimCheck(check)) << check;
    CancelToken never;
    const RunOutcome outcome = session.run(
        {ref.lab->id, "sim:h100", presetParams(*ref.lab, *ref.preset), RunScope::FullSweep, ref.preset->id}, {}, never);
    ASSERT_TRUE(outcome.ok()) << ref.preset->id << ": " << outcome.error().message;
    const ClaimVerdict verdict = judgeClaim(ref.preset->checks, outcome.result(), ref.preset->differsOn);
    EXPECT_NE(verdict.kind, ClaimVerdict::Kind::CannotJudge) << ref.preset->id << ": " << verdictLine(verdict, outcome.result());
    ++checked;
  }
  EXPECT_GE(checked, 5);
}
