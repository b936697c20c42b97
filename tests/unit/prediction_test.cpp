// Predict first (issue 30): every slide asks a question its data can answer, and the answer marked
// at the reveal is the one the run gives, decided by the claim's check, never by a stored key: a
// run where the claim fails marks another answer.
#include <gtest/gtest.h>

#include "not_recorded_on_h100.h"
#include "warpscope/lectures.h"
#include "warpscope/prediction.h"
#include "warpscope/session.h"
#include "warpscope/slide_check.h"

using namespace warpscope;

namespace {

int claimAnswer(const PresetSpec& preset) {
  for (std::size_t i = 0; i < preset.answers.size(); ++i)
    if (preset.answers[i].ifClaimHolds) return static_cast<int>(i);
  return -1;
}

/// Every slide on `deviceId` (as a lecture shows it): where the claim holds its answer is marked;
/// where it does not hold for a measured reason, another answer says what the data shows.
void expectTheDataMarksTheAnswer(const std::string& deviceId) {
  Session session;
  for (const PresetRef& ref : allPresets(session.registry())) {
    SCOPED_TRACE(ref.preset->id + " on " + deviceId);
    // Not recorded there: the slide would come from another GPU's recording (tested there).
    if (deviceId == "rec:h100" && test::notRecordedOnH100().contains(ref.preset->id)) continue;
    const SlideCheck check = checkSlide(session, ref, deviceId);
    ASSERT_TRUE(check.result) << check.runError;
    const PredictionReveal reveal = revealAnswer(*ref.preset, *check.result);
    if (reveal.verdict.kind == ClaimVerdict::Kind::Holds) {
      EXPECT_EQ(reveal.rightAnswer, claimAnswer(*ref.preset));
    } else {
      ASSERT_TRUE(reveal.verdict.explained()) << verdictLine(reveal.verdict, *check.result);
      EXPECT_GE(reveal.rightAnswer, 0) << "an explained difference must be one of the answers";
      EXPECT_NE(reveal.rightAnswer, claimAnswer(*ref.preset));
    }
  }
}

RunResult ilpLadder(double ilp1, double ilp2, double ilp3, double ilp4, double fractionAt256) {
  RunResult r;
  r.labId = "latency-arith";
  r.deviceId = "sim:h200";
  r.deviceName = "H200 SXM (model)";
  int i = 1;
  for (const double threads : {ilp1, ilp2, ilp3, ilp4})
    r.scalars.push_back({"threads_for_90pct.ilp_" + std::to_string(i++), "", threads, "threads"});
  View v;
  v.id = "fraction-vs-threads";
  v.series.push_back({"ILP 4", {{256, fractionAt256, fractionAt256, fractionAt256}}, 4});
  r.views.push_back(v);
  return r;
}

}  // namespace

TEST(Prediction, EverySlideAsksAQuestionWithTwoToFourAnswersTheDataCanDecide) {
  for (const PresetRef& ref : allPresets(LabRegistry::builtin())) {
    EXPECT_EQ(predictionProblem(*ref.preset), "") << ref.preset->id;
    EXPECT_LE(ref.preset->question.size(), 120u) << ref.preset->id << ": one line on a projector";
  }
}

TEST(Prediction, TheRightAnswerComesFromTheClaimCheckOnTheRunShown) {
  const PresetRef ref = findPreset(LabRegistry::builtin(), "volkov-ilp-peak-with-fewer-threads");
  ASSERT_TRUE(ref);
  // The seed's ladder: the claim holds, its answer (B) is marked.
  EXPECT_EQ(revealAnswer(*ref.preset, ilpLadder(480, 256, 256, 128, 0.95)).rightAnswer, 1);
  // A GPU where ILP 4 needs more threads than ILP 1: the claim fails and "More" (C) is marked.
  const PredictionReveal more = revealAnswer(*ref.preset, ilpLadder(480, 512, 512, 640, 0.5));
  EXPECT_EQ(more.verdict.kind, ClaimVerdict::Kind::DoesNotHold);
  EXPECT_EQ(more.rightAnswer, 2);
  // The claim fails otherwise (ILP 4 short of 0.9 at 256 threads): the answer without checks (A).
  EXPECT_EQ(revealAnswer(*ref.preset, ilpLadder(480, 256, 256, 256, 0.8)).rightAnswer, 0);
  // A run that lacks what the claim is checked on marks nothing.
  RunResult bare;
  bare.labId = "latency-arith";
  EXPECT_EQ(revealAnswer(*ref.preset, bare).rightAnswer, -1);
}

TEST(Prediction, ADeclarationWithoutAQuestionOrWithTwoAnswersRightAtOnceIsNamed) {
  PresetSpec p;
  p.checks = {"scalar:a > 1"};
  EXPECT_EQ(predictionProblem(p), "no question");
  p.question = "Which?";
  p.answers = {{.text = "yes", .ifClaimHolds = true}, {.text = "also yes", .ifClaimHolds = true}};
  EXPECT_EQ(predictionProblem(p), "2 answers right when the claim holds (1)");
  p.answers = {{.text = "yes", .ifClaimHolds = true}, {.text = "no"}, {.text = "maybe"}};
  EXPECT_EQ(predictionProblem(p), "2 answers without checks for when the claim fails (at most 1)");
  p.answers = {{.text = "yes", .ifClaimHolds = true}, {.text = "no", .checks = {"scalar:a >"}}};
  EXPECT_NE(predictionProblem(p).find("answer 'no'"), std::string::npos) << predictionProblem(p);
}

TEST(Prediction, OnTheH200ModelEveryRevealMarksTheClaimsAnswer) { expectTheDataMarksTheAnswer("sim:h200"); }
TEST(Prediction, OnTheH100RecordingsTheExplainedSlidesMarkWhatTheGpuShows) { expectTheDataMarksTheAnswer("rec:h100"); }
TEST(Prediction, OnTheH200RecordingsEveryRevealMarksAnAnswer) { expectTheDataMarksTheAnswer("rec:h200"); }
