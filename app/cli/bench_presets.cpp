// `warpscope-cli bench --presets`: every preset of every lecture on one device, timed as the
// window opens it (a full sweep), against the 100 ms a class waits at most for the next slide.
#include <algorithm>
#include <iomanip>
#include <set>
#include <vector>

#include "cli/bench_timing.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "warpscope/lectures.h"

namespace warpscope::cli {

int benchPresetsCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  constexpr double kTargetMs = 100.0;
  const std::string deviceId = options.device.value_or(session.defaultDeviceId());
  const DeviceInfo& device = session.device(deviceId);
  const int repeat = std::min(options.repeat, 5);
  out << std::fixed << std::setprecision(1);
  out << "Warpscope preset bench on " << deviceId << " (" << device.name << "): median of " << repeat
      << " full runs after the first, target <= " << kTargetMs << " ms for the first run and the median\n";
  std::set<std::string> done;
  int missed = 0;
  int failed = 0;
  for (const Lecture& lecture : LectureLibrary::builtin().lectures()) {
    for (const std::string& presetId : lecture.presetIds) {
      if (!done.insert(presetId).second) continue;  // a preset two lectures show is timed once
      const PresetRef ref = getPreset(session.registry(), presetId);
      const RunRequest request{ref.lab->id, deviceId, presetParams(*ref.lab, *ref.preset), RunScope::FullSweep,
                               ref.preset->id};
      std::vector<double> ms;
      double firstMs = 0;
      std::string error;
      for (int i = 0; i <= repeat && error.empty(); ++i) {
        const Timed run = timedRun(session, request);
        if (!run.outcome.ok()) error = run.outcome.error().message;
        // The first run is what a class waits for when the slide opens (a recording is read
        // from disk then, and served from memory after): it is judged on its own.
        if (i == 0) firstMs = run.seconds * 1e3;
        else ms.push_back(run.seconds * 1e3);
      }
      out << std::left << std::setw(48) << presetId << std::right;
      if (!error.empty()) {
        ++failed;
        out << "  ERROR: " << error << "\n";
        continue;
      }
      std::sort(ms.begin(), ms.end());
      const double median = ms[ms.size() / 2];
      const bool pass = median <= kTargetMs && firstMs <= kTargetMs;
      missed += pass ? 0 : 1;
      out << std::setw(9) << median << " ms (max " << ms.back() << ", first " << firstMs << ")  "
          << (pass ? "PASS" : "SLOW") << "  " << ref.lab->id << "\n";  // "failed" is for a run that errs
    }
  }
  out << done.size() << " presets: " << (done.size() - static_cast<size_t>(missed + failed)) << " within "
      << kTargetMs << " ms, " << missed << " slower, " << failed << " failed\n";
  if (failed > 0) err << "warpscope-cli: " << failed << " presets failed to run on " << deviceId << "\n";
  return missed + failed == 0 ? kExitOk : kExitTargetMissed;
}

}  // namespace warpscope::cli
