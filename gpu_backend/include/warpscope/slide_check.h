#pragma once
/// \file slide_check.h
/// One lecture slide judged on one device, as a lecture shows it (issue 28): the preset's run,
/// taken from another GPU's recording when this GPU's recordings lack it, and its claim judged on
/// that run. `warpscope-cli lectures --check` prints it; the stored-verdict tests compare it.
#include <optional>
#include <string>
#include <vector>

#include "warpscope/claim_check.h"
#include "warpscope/lectures.h"
#include "warpscope/session.h"

namespace warpscope {

struct SlideCheck {
  /// The device the run came from: the one asked for, or the recorded GPU that holds the slide.
  std::string deviceId;
  bool declaresChecks = false;
  std::optional<ClaimVerdict> verdict;  ///< Empty: no checks declared, or the run failed.
  std::optional<RunResult> result;      ///< The run judged (for verdictLine).
  std::string runError;                 ///< Non-empty: why the slide could not run.
};

/// Runs `slide` on `deviceId` (a full sweep of its parameters) and judges its checks (a slide that
/// declares none, an instructor's own, is run for its figure and not judged); a recorded device
/// without the slide falls back to the recording that holds it, as the window does.
SlideCheck checkSlide(Session& session, const PresetRef& slide, const std::string& deviceId);

/// The verdict lines of the slides `result` shows: every preset of its lab whose parameters are
/// exactly the run's and that declares checks ("Holds on NVIDIA H100 ...: ..."). An exported figure
/// of a slide carries them; a run on other parameters judges no slide's claim (empty).
std::vector<std::string> verdictsOfSlidesShown(const LabRegistry& registry, const RunResult& result);

/// One word for the outcome: "holds", "does not hold, explained", "does not hold",
/// "cannot be judged", "cannot run", "no check declared".
std::string slideOutcomeWord(const SlideCheck& check);

}  // namespace warpscope
