#include "warpscope/prediction.h"

#include <exception>

namespace warpscope {

PredictionReveal revealAnswer(const PresetSpec& preset, const RunResult& result) {
  PredictionReveal reveal;
  reveal.verdict = judgeClaim(preset.checks, result, preset.differsOn);
  const auto& answers = preset.answers;
  if (reveal.verdict.kind == ClaimVerdict::Kind::Holds) {
    for (std::size_t i = 0; i < answers.size(); ++i)
      if (answers[i].ifClaimHolds) reveal.rightAnswer = static_cast<int>(i);
    return reveal;
  }
  if (reveal.verdict.kind != ClaimVerdict::Kind::DoesNotHold) return reveal;
  // The claim fails: an answer whose own checks hold says what the data shows instead.
  for (std::size_t i = 0; i < answers.size(); ++i) {
    if (answers[i].ifClaimHolds || answers[i].checks.empty()) continue;
    if (judgeClaim(answers[i].checks, result).kind == ClaimVerdict::Kind::Holds) {
      reveal.rightAnswer = static_cast<int>(i);
      return reveal;
    }
  }
  for (std::size_t i = 0; i < answers.size(); ++i)
    if (!answers[i].ifClaimHolds && answers[i].checks.empty()) reveal.rightAnswer = static_cast<int>(i);
  return reveal;
}

std::string predictionProblem(const PresetSpec& preset) {
  if (preset.question.empty()) return "no question";
  if (preset.answers.size() < 2 || preset.answers.size() > 4)
    return std::to_string(preset.answers.size()) + " answers (2 to 4)";
  if (preset.checks.empty()) return "no claim checks to decide the answer";
  int ifHolds = 0, fallbacks = 0;
  for (const PresetAnswer& a : preset.answers) {
    if (a.text.empty()) return "an empty answer";
    if (a.ifClaimHolds) {
      ++ifHolds;
      if (!a.checks.empty()) return "the answer right when the claim holds declares checks of its own";
      continue;
    }
    if (a.checks.empty()) ++fallbacks;
    for (const std::string& check : a.checks) {
      try {
        (void)parseClaimCheck(check);
      } catch (const std::exception& e) {
        return "answer '" + a.text + "': " + e.what();
      }
    }
  }
  if (ifHolds != 1) return std::to_string(ifHolds) + " answers right when the claim holds (1)";
  if (fallbacks > 1) return std::to_string(fallbacks) + " answers without checks for when the claim fails (at most 1)";
  if (fallbacks == 0 && preset.answers.size() < 2) return "no answer for when the claim fails";
  return "";
}

std::string answerLetter(int index) { return std::string(1, static_cast<char>('A' + index)); }

}  // namespace warpscope
