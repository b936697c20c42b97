#include "warpscope/claim_check.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

#include "warpscope/params.h"

namespace warpscope {
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(' ');
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

/// The whole of `text` as a number, or nothing.
std::optional<double> number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(value)) return std::nullopt;
  return value;
}

ClaimTerm parseTerm(const std::string& whole, const std::string& where) {
  std::string text = trimmed(whole);
  ClaimTerm term;
  // "0.9 x QUANTITY": a multiple of a quantity.
  if (const auto times = text.find(" x "); times != std::string::npos) {
    const auto factor = number(trimmed(text.substr(0, times)));
    if (!factor) throw BadInputError(where + ": '" + text.substr(0, times) + "' before ' x ' is not a number");
    term.factor = *factor;
    text = trimmed(text.substr(times + 3));
  }
  if (const auto value = number(text)) {
    term.kind = ClaimTerm::Kind::Number;
    term.number = *value;
  } else if (text.starts_with("scalar:")) {
    term.kind = ClaimTerm::Kind::Scalar;
    term.scalarId = text.substr(7);
    if (term.scalarId.empty()) throw BadInputError(where + ": 'scalar:' names no scalar");
  } else {
    // VIEW/SERIES@X: the series name may hold spaces, not '/' or '@' (the view id holds neither).
    const auto slash = text.find('/');
    const auto at = text.rfind('@');
    if (slash == std::string::npos || at == std::string::npos || at < slash)
      throw BadInputError(where + ": '" + text + "' is neither a number, scalar:ID nor VIEW/SERIES@X");
    const std::string after = trimmed(text.substr(at + 1));
    if (after.empty()) throw BadInputError(where + ": '" + text + "' names no x or category after '@'");
    term.kind = ClaimTerm::Kind::SeriesPoint;
    term.viewId = text.substr(0, slash);
    term.series = text.substr(slash + 1, at - slash - 1);
    if (const auto x = number(after)) {
      term.x = *x;
    } else {
      term.category = after;  // a bars view's category
    }
    if (term.viewId.empty() || term.series.empty()) throw BadInputError(where + ": '" + text + "' names no view or series");
  }
  return term;
}

/// A figure as the verdict prints it: 4 significant digits ("8.25", "0.9214", "4257"), whole
/// numbers from 10,000 on.
std::string figure(double value) {
  char buffer[48];
  // Whole numbers from 10,000 up read as whole numbers ("268435456", not "2.684e+08"): a class
  // reads the verdict off a projector.
  if (std::abs(value) >= 1e4 && std::abs(value) < 1e15)
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
  else
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
  return buffer;
}

/// A bars view's bar (series `term.series`, category `term.category`), named "plain: global,
/// 1 address"; nothing, and `missing` set, when the view lacks it.
std::optional<double> barValue(const ClaimTerm& term, const View* view, std::string* name, std::string* missing) {
  const BarSeries* series = nullptr;
  if (view)
    for (const BarSeries& s : view->bars.series)
      if (s.name == term.series) series = &s;
  std::size_t index = 0;
  if (view)
    while (index < view->bars.categories.size() && view->bars.categories[index] != term.category) ++index;
  if (!view || !series || index >= view->bars.categories.size() || index >= series->values.size()) {
    *missing = !view     ? "the run has no view '" + term.viewId + "'"
               : !series ? "view '" + term.viewId + "' has no bar series '" + term.series + "'"
                         : "view '" + term.viewId + "' has no bar '" + term.category + "'";
    return std::nullopt;
  }
  *name = term.series + ": " + term.category;
  return series->values[index].value;
}

/// The term's value in `result`, with how it reads ("warp64_gbps 8.25"); nothing, and `missing`
/// set, when the run lacks it.
std::optional<double> valueOf(const ClaimTerm& term, const RunResult& result, std::string* reads, std::string* missing) {
  double value = 0;
  std::string name;
  switch (term.kind) {
    case ClaimTerm::Kind::Number:
      *reads = figure(term.number);
      return term.number;
    case ClaimTerm::Kind::Scalar: {
      const Scalar* scalar = result.findScalar(term.scalarId);
      if (!scalar) {
        *missing = "the run has no scalar '" + term.scalarId + "'";
        return std::nullopt;
      }
      value = scalar->value;
      name = scalar->label.empty() ? term.scalarId : scalar->label;
      break;
    }
    case ClaimTerm::Kind::SeriesPoint: {
      const View* view = result.findView(term.viewId);
      if (!term.category.empty()) {
        const auto bar = barValue(term, view, &name, missing);
        if (!bar) return std::nullopt;
        value = *bar;
        break;
      }
      const Series* series = nullptr;
      if (view)
        for (const Series& s : view->series)
          if (s.name == term.series) series = &s;
      const Point* point = nullptr;
      if (series)
        for (const Point& p : series->points)
          if (p.x == term.x) point = &p;
      if (!point) {
        *missing = !view     ? "the run has no view '" + term.viewId + "'"
                   : !series ? "view '" + term.viewId + "' has no series '" + term.series + "'"
                             : "series '" + term.series + "' has no point at " + figure(term.x);
        return std::nullopt;
      }
      value = point->y;
      name = term.series + " at " + figure(term.x);
      break;
    }
  }
  // "ILP 2 at 256 = 0.952", or for a multiple "1.6 x (ILP 1 at 256 = 0.476) = 0.762".
  *reads = name + " = " + figure(value);
  if (term.factor != 1) *reads = figure(term.factor) + " x (" + *reads + ") = " + figure(term.factor * value);
  return term.factor * value;
}

/// `right` without the words it shares with `left` ("Threads per SM for 90% of peak, ILP 2 = 256 <
/// ILP 1 = 480", not the whole label twice): the shared beginning up to its last ", ", when it is
/// long enough to be worth leaving out and leaves the right side its own name.
std::string withoutSharedStart(const std::string& left, const std::string& right) {
  std::size_t shared = 0;
  while (shared < left.size() && shared < right.size() && left[shared] == right[shared]) ++shared;
  const std::size_t cut = shared < 2 ? std::string::npos : right.rfind(", ", shared - 2);
  if (cut == std::string::npos || cut < 12 || right.find(" = ") <= cut) return right;
  return right.substr(cut + 2);
}

bool holds(double left, const std::string& op, double right, double withinPct) {
  if (op == ">") return left > right;
  if (op == ">=") return left >= right;
  if (op == "<") return left < right;
  if (op == "<=") return left <= right;
  return std::abs(left - right) <= withinPct / 100.0 * std::abs(right);  // "~"
}

}  // namespace

ClaimCheck parseClaimCheck(const std::string& text) {
  const std::string where = "claim check '" + text + "'";
  ClaimCheck check;
  check.text = text;
  std::string rest = text;
  // "... within P%": the tolerance of "~".
  if (const auto within = rest.rfind(" within "); within != std::string::npos) {
    std::string pct = trimmed(rest.substr(within + 8));
    if (!pct.ends_with('%')) throw BadInputError(where + ": 'within' needs a percentage, e.g. 'within 10%'");
    const auto value = number(pct.substr(0, pct.size() - 1));
    if (!value || *value <= 0) throw BadInputError(where + ": '" + pct + "' is not a positive percentage");
    check.withinPct = *value;
    rest = rest.substr(0, within);
  }
  // The comparison: the first of " >= ", " <= ", " > ", " < ", " ~ " (spaced, so a series name
  // may hold none of them unspaced).
  for (const char* op : {" >= ", " <= ", " > ", " < ", " ~ "}) {
    const auto at = rest.find(op);
    if (at == std::string::npos) continue;
    check.op = trimmed(op);
    check.left = parseTerm(rest.substr(0, at), where);
    check.right = parseTerm(rest.substr(at + std::string(op).size()), where);
    break;
  }
  if (check.op.empty()) throw BadInputError(where + ": no comparison (>, >=, <, <= or ~, with a space each side)");
  if ((check.op == "~") != (check.withinPct > 0))
    throw BadInputError(where + (check.op == "~" ? ": '~' needs 'within P%'" : ": 'within' goes with '~' only"));
  if (check.left.kind == ClaimTerm::Kind::Number && check.right.kind == ClaimTerm::Kind::Number)
    throw BadInputError(where + ": compares two numbers, no quantity of the run");
  return check;
}

ClaimVerdict judgeClaim(const std::vector<std::string>& checks, const RunResult& result,
                        const std::vector<ClaimExplanation>& explanations) {
  ClaimVerdict verdict;
  if (checks.empty()) {
    verdict.findings.push_back("the slide declares no check");
    return verdict;
  }
  bool allHold = true;
  std::vector<std::string> missing;
  for (const std::string& text : checks) {
    const ClaimCheck check = parseClaimCheck(text);
    std::string leftReads, rightReads, whyMissing;
    const auto left = valueOf(check.left, result, &leftReads, &whyMissing);
    const auto right = left ? valueOf(check.right, result, &rightReads, &whyMissing) : std::nullopt;
    if (!left || !right) {
      missing.push_back(whyMissing);
      continue;
    }
    const bool ok = holds(*left, check.op, *right, check.withinPct);
    allHold = allHold && ok;
    std::string finding =
        leftReads + " " + (ok ? check.op : "is not " + check.op) + " " + withoutSharedStart(leftReads, rightReads);
    if (check.op == "~") finding += " (within " + figure(check.withinPct) + "%)";
    verdict.findings.push_back(std::move(finding));
  }
  if (!allHold) {
    // One check that fails decides, whatever else the run lacks: a GPU without a capability
    // (no HMM: no malloc bars) fails the check that asks for it, rather than going unjudged.
    verdict.kind = ClaimVerdict::Kind::DoesNotHold;
    for (const std::string& why : missing) verdict.findings.push_back("not judged: " + why);
  } else if (!missing.empty()) {
    verdict.kind = ClaimVerdict::Kind::CannotJudge;
    verdict.findings = std::move(missing);
  } else {
    verdict.kind = ClaimVerdict::Kind::Holds;
  }
  if (verdict.kind == ClaimVerdict::Kind::DoesNotHold && result.provenance == Provenance::Measured)
    for (const ClaimExplanation& explanation : explanations)
      if (!explanation.gpu.empty() && result.deviceName.find(explanation.gpu) != std::string::npos) {
        verdict.explanation = explanation.why;
        break;
      }
  return verdict;
}

std::string verdictLine(const ClaimVerdict& verdict, const RunResult& result) {
  const std::string device = result.deviceName.empty() ? result.deviceId : result.deviceName;
  std::ostringstream line;
  switch (verdict.kind) {
    case ClaimVerdict::Kind::Holds: line << "Holds on " << device << ": "; break;
    case ClaimVerdict::Kind::DoesNotHold: line << "Does not hold on " << device << ": "; break;
    case ClaimVerdict::Kind::CannotJudge: line << "Cannot be judged on " << device << ": "; break;
  }
  for (std::size_t i = 0; i < verdict.findings.size(); ++i) line << (i ? "; " : "") << verdict.findings[i];
  if (verdict.explained()) line << ". Why: " << verdict.explanation;
  return line.str();
}

}  // namespace warpscope
