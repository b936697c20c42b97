// `warpscope-cli lectures --check`: every slide of the lectures (or of one, or of an instructor's own
// lecture file) run on one device and its claim judged on the run's own numbers (slide_check.h,
// issue 28): a line a slide, then a count.
#include <map>
#include <optional>
#include <set>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/lecture_option.h"
#include "warpscope/claim_check.h"
#include "warpscope/lectures.h"
#include "warpscope/slide_check.h"

namespace warpscope::cli {

int lecturesCheckCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  const std::string deviceId = options.device.value_or(session.defaultDeviceId());
  (void)session.device(deviceId);  // an unknown device is refused before any run
  std::vector<const Lecture*> lectures;
  const std::optional<Lecture> named = namedLecture(session.registry(), options);
  if (named) {
    lectures.push_back(&*named);
  } else {
    for (const Lecture& lecture : LectureLibrary::builtin().lectures()) lectures.push_back(&lecture);
  }
  std::map<std::string, int> counts;  // by outcome word
  std::set<std::string> done;
  for (const Lecture* lecture : lectures)
    for (std::size_t i = 0; i < lecture->presetIds.size(); ++i) {
      const std::string& presetId = lecture->presetIds[i];
      if (!done.insert(presetId).second) continue;  // a slide two lectures show is judged once
      const PresetRef ref = lectureSlide(session.registry(), *lecture, i);
      if (!ref) throw BadInputError("lecture '" + lecture->id + "' names preset '" + presetId + "', which no lab declares");
      const SlideCheck check = checkSlide(session, ref, deviceId);
      const std::string word = slideOutcomeWord(check);
      ++counts[word];
      out << lecture->id << '\t' << presetId << '\t' << word << '\t';
      if (check.deviceId != deviceId) out << "(from " << check.deviceId << ") ";
      if (!check.result) {
        out << check.runError << '\n';
      } else if (!check.declaresChecks) {
        out << ref.preset->claim << '\n';
      } else if (!check.verdict) {
        out << "no verdict\n";
      } else {
        out << verdictLine(*check.verdict, *check.result) << '\n';
      }
    }
  out << done.size() << " slides on " << deviceId << ": " << counts["holds"] << " hold, "
      << counts["does not hold, explained"] << " do not hold for a measured reason the slide gives, "
      << counts["does not hold"] << " do not hold, " << counts["cannot be judged"] << " cannot be judged, "
      << counts["cannot run"] << " cannot run, " << counts["no check declared"] << " declare no check yet\n";
  const int failed = counts["does not hold"];
  if (failed > 0)
    err << "warpscope-cli: " << failed << " slides' claims do not hold on " << deviceId << " and say no measured why\n";
  return failed == 0 ? kExitOk : kExitTargetMissed;
}

}  // namespace warpscope::cli
