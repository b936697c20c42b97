// `warpscope-cli lectures --check`: every slide of the lectures (or of one) run on one device and
// its claim judged on the run's own numbers (claim_check.h, issue 28): a line a slide, then a count.
#include <set>

#include "cli/cli.h"
#include "cli/commands.h"
#include "warpscope/claim_check.h"
#include "warpscope/lectures.h"

namespace warpscope::cli {

namespace {

const char* verdictWord(ClaimVerdict::Kind kind) {
  switch (kind) {
    case ClaimVerdict::Kind::Holds: return "holds";
    case ClaimVerdict::Kind::DoesNotHold: return "does not hold";
    case ClaimVerdict::Kind::CannotJudge: break;
  }
  return "cannot be judged";
}

}  // namespace

int lecturesCheckCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  const std::string deviceId = options.device.value_or(session.defaultDeviceId());
  (void)session.device(deviceId);  // an unknown device is refused before any run
  std::vector<const Lecture*> lectures;
  if (options.lecture) {
    lectures.push_back(&LectureLibrary::builtin().get(*options.lecture));
  } else {
    for (const Lecture& lecture : LectureLibrary::builtin().lectures()) lectures.push_back(&lecture);
  }
  int holds = 0, doesNotHold = 0, cannotJudge = 0, undeclared = 0, cannotRun = 0;
  std::set<std::string> done;
  for (const Lecture* lecture : lectures)
    for (const std::string& presetId : lecture->presetIds) {
      if (!done.insert(presetId).second) continue;  // a slide two lectures show is judged once
      const PresetRef ref = getPreset(session.registry(), presetId);
      out << lecture->id << '\t' << presetId << '\t';
      if (ref.preset->checks.empty()) {
        ++undeclared;
        out << "no check declared\t" << ref.preset->claim << '\n';
        continue;
      }
      const RunRequest request{ref.lab->id, deviceId, presetParams(*ref.lab, *ref.preset), RunScope::FullSweep,
                               ref.preset->id};
      CancelToken never;
      const RunOutcome outcome = session.run(request, {}, never);
      if (!outcome.ok()) {
        ++cannotRun;
        out << "cannot run\t" << outcome.error().message << '\n';
        continue;
      }
      const ClaimVerdict verdict = judgeClaim(ref.preset->checks, outcome.result());
      holds += verdict.kind == ClaimVerdict::Kind::Holds;
      doesNotHold += verdict.kind == ClaimVerdict::Kind::DoesNotHold;
      cannotJudge += verdict.kind == ClaimVerdict::Kind::CannotJudge;
      out << verdictWord(verdict.kind) << '\t' << verdictLine(verdict, outcome.result()) << '\n';
    }
  out << done.size() << " slides on " << deviceId << ": " << holds << " hold, " << doesNotHold << " do not hold, "
      << cannotJudge << " cannot be judged, " << cannotRun << " cannot run, " << undeclared
      << " declare no check yet\n";
  if (doesNotHold > 0) err << "warpscope-cli: " << doesNotHold << " slides' claims do not hold on " << deviceId << "\n";
  return doesNotHold == 0 ? kExitOk : kExitTargetMissed;
}

}  // namespace warpscope::cli
