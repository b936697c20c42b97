#pragma once
/// \file claim_check.h
/// A slide's claim as data it can be checked on (issue 28): a preset declares a few comparisons
/// over quantities its run produces, and every run of it, on every device (recorded, real or
/// modelled), says whether they hold, with the numbers.
///
/// A check is one line, so a preset reads as the slide does:
///   "scalar:warp64_gbps > scalar:thread4_gbps"             one figure above another
///   "fraction-vs-threads/ILP 4@256 >= 0.9"                 a series' value at an x, against a number
///   "scalar:speedup ~ 8 within 25%"                        about a number the slide quotes
///   "scalar:best_fraction >= 0.9 x scalar:peak_fraction"   against a multiple of another quantity
///   "atomics-bars/plain@global, 1 address > 4 x atomics-bars/plain@shared"  bars of a bars view
/// A quantity is `scalar:ID` (a RunResult scalar), `VIEW/SERIES@X` (an xy view's series at that x,
/// or a bars view's bar of that series in the category named after '@') or a number; the
/// comparisons are >, >=, <, <= and ~ (needs "within P%").

#include <string>
#include <vector>

#include "warpscope/result.h"

namespace warpscope {

struct ClaimTerm {
  enum class Kind { Number, Scalar, SeriesPoint };
  Kind kind = Kind::Number;
  double factor = 1;     ///< "0.9 x scalar:a": the quantity times this.
  double number = 0;     ///< Kind::Number
  std::string scalarId;  ///< Kind::Scalar
  std::string viewId;    ///< Kind::SeriesPoint
  std::string series;
  double x = 0;
  std::string category;  ///< Non-empty: a bars view's category, in place of x.
};

struct ClaimCheck {
  ClaimTerm left;
  std::string op;  ///< ">", ">=", "<", "<=" or "~"
  ClaimTerm right;
  double withinPct = 0;  ///< "~" only: |left - right| <= withinPct% of |right|
  std::string text;      ///< the check as declared
};

/// Parses one check; throws BadInputError naming the text and what is wrong with it.
ClaimCheck parseClaimCheck(const std::string& text);

/// Why a claim does not hold on one GPU, measured there (issue 28): where the seed's claim fails
/// on a real GPU, the preset says why with the lab's own traces and counters, and the verdict
/// carries it. Only a measured run (real or recorded) of a GPU whose name holds `gpu` gets it:
/// the model must hold the claim, or it is the model that is wrong.
struct ClaimExplanation {
  std::string gpu;  ///< A fragment of the GPU's name, e.g. "H100".
  std::string why;  ///< The measured why, with its numbers, in a sentence or two.
};

struct ClaimVerdict {
  enum class Kind { Holds, DoesNotHold, CannotJudge };
  Kind kind = Kind::CannotJudge;
  /// Each check with its numbers: "warp64_gbps 8.25 > thread4_gbps 7.43"; for CannotJudge, what
  /// the run lacks.
  std::vector<std::string> findings;
  /// DoesNotHold on a GPU the preset explains: the measured why (ClaimExplanation::why).
  std::string explanation;
  [[nodiscard]] bool explained() const { return kind == Kind::DoesNotHold && !explanation.empty(); }
};

/// Every check of `checks` on `result`: Holds when all hold, DoesNotHold when one that can be read
/// does not (even where others lack their quantity: their findings then say "not judged"),
/// CannotJudge when a quantity is missing and every check read holds (or there are no checks). A DoesNotHold on
/// a measured run of a GPU one of `explanations` names carries that explanation.
ClaimVerdict judgeClaim(const std::vector<std::string>& checks, const RunResult& result,
                        const std::vector<ClaimExplanation>& explanations = {});

/// "Holds on NVIDIA H200: ..." / "Does not hold on ...: ..." / "Cannot be judged on ...: ...",
/// naming the device as the result's banner does; an explained one ends "Why: ...".
std::string verdictLine(const ClaimVerdict& verdict, const RunResult& result);

}  // namespace warpscope
