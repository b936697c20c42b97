#include "warpscope/slide_check.h"

#include <utility>

namespace warpscope {

SlideCheck checkSlide(Session& session, const PresetRef& slide, const std::string& deviceId) {
  SlideCheck check;
  check.deviceId = deviceId;
  check.declaresChecks = !slide.preset->checks.empty();
  RunRequest request = slideRequest(slide, deviceId);
  CancelToken never;
  RunOutcome outcome = session.run(request, {}, never);
  if (!outcome.ok() && outcome.error().alternativeDeviceId.starts_with("rec:")) {
    // As a lecture does: a slide this GPU's recordings lack comes from a recording that holds it.
    request.deviceId = outcome.error().alternativeDeviceId;
    check.deviceId = request.deviceId;
    outcome = session.run(request, {}, never);
  }
  if (!outcome.ok()) {
    check.runError = outcome.error().message;
    return check;
  }
  // A slide without checks (an instructor's own) is run for its figure, not judged.
  if (check.declaresChecks) check.verdict = judgeClaim(slide.preset->checks, outcome.result(), slide.preset->differsOn);
  check.result = std::move(outcome.result());  // a unified-memory run's trace can be megabytes
  return check;
}

std::vector<std::string> verdictsOfSlidesShown(const LabRegistry& registry, const RunResult& result) {
  std::vector<std::string> lines;
  const LabSpec* lab = registry.find(result.labId);
  if (!lab) return lines;
  const ParamSet shown(result.params);
  for (const PresetSpec& preset : lab->presets) {
    if (preset.checks.empty()) continue;
    try {
      if (!(presetParams(*lab, preset) == shown)) continue;
    } catch (const BadInputError&) {
      continue;  // presets_test guards every preset's settings; a figure is no place to fail on one
    }
    lines.push_back(preset.title + ": " + verdictLine(judgeClaim(preset.checks, result, preset.differsOn), result));
  }
  return lines;
}

std::string slideOutcomeWord(const SlideCheck& check) {
  // A slide that did not run says so first, an own slide (no checks) too.
  if (!check.result) return "cannot run";
  if (!check.declaresChecks) return "no check declared";
  if (!check.verdict) return "cannot be judged";
  switch (check.verdict->kind) {
    case ClaimVerdict::Kind::Holds: return "holds";
    case ClaimVerdict::Kind::DoesNotHold: return check.verdict->explained() ? "does not hold, explained" : "does not hold";
    case ClaimVerdict::Kind::CannotJudge: break;
  }
  return "cannot be judged";
}

}  // namespace warpscope
