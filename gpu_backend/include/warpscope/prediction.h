#pragma once
/// \file prediction.h
/// Predict, then reveal (issue 30): a slide asks its question, the class commits to an answer,
/// and the data shown decides which answer was right. There is no answer key: the preset's claim
/// check on the run picks the answer (PresetAnswer), so on a GPU where the seed's claim does not
/// hold, the reveal marks the other answer and says why.

#include <string>
#include <vector>

#include "warpscope/claim_check.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope {

struct PredictionReveal {
  /// Index into the preset's answers of the one the data gives; -1 when it gives none (the claim
  /// cannot be judged on this run, or it fails and no other answer's checks hold).
  int rightAnswer = -1;
  ClaimVerdict verdict;  ///< The claim's, as the slide shows it under the claim.
};

/// The answer `result` gives to `preset`'s question: see PresetAnswer.
PredictionReveal revealAnswer(const PresetSpec& preset, const RunResult& result);

/// What is wrong with a preset's question and answers ("" when nothing): a question, 2 to 4
/// answers, exactly one right when the claim holds, another for when it fails, every check
/// parsing, at most one other answer without checks (the fallback; two could never be told apart).
std::string predictionProblem(const PresetSpec& preset);

/// "A", "B", ... for answer `index`.
std::string answerLetter(int index);

}  // namespace warpscope
