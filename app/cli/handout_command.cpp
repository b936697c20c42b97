// `warpscope-cli handout`: a lecture on paper (issue 30). The CLI runs every slide on --device as
// a lecture shows it (slide_check.h: a slide the recordings lack comes from the recording that
// holds it) and keeps each run as a recording in a private folder; the window program, started
// offscreen, lays them out as a PDF with the renderer the window uses (ui/handout.h). The lab runs
// stay on this side: the GUI program only reads files.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/lecture_option.h"
#include "warpscope/file_write.h"
#include "warpscope/lectures.h"
#include "warpscope/recording.h"
#include "warpscope/slide_check.h"

extern char** environ;

namespace warpscope::cli {
namespace {

namespace fs = std::filesystem;

/// A private folder for the runs, removed when it goes out of scope.
class RunsFolder {
 public:
  RunsFolder() {
    std::string pattern = (fs::temp_directory_path() / "warpscope-handout-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw FileWriteError("cannot make a folder for the handout's runs in " + fs::temp_directory_path().string());
    path_ = pattern;
  }
  ~RunsFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  RunsFolder(const RunsFolder&) = delete;
  RunsFolder& operator=(const RunsFolder&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// The window program beside this one (both are built and installed together).
fs::path windowProgram() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  const fs::path beside = ec ? fs::path("warpscope") : self.parent_path() / "warpscope";
  if (!fs::exists(beside))
    throw BadInputError("handout needs the window program (" + beside.string() +
                        "): build with the UI (WARPSCOPE_ENABLE_UI) or install it beside warpscope-cli");
  return beside;
}

/// Runs `program args` with the offscreen platform, its output passed through; its exit code.
int runOffscreen(const fs::path& program, const std::vector<std::string>& args) {
  std::vector<std::string> env{"QT_QPA_PLATFORM=offscreen"};
  for (char** e = environ; *e; ++e)
    if (!std::string(*e).starts_with("QT_QPA_PLATFORM=")) env.emplace_back(*e);
  std::vector<char*> envp, argv{const_cast<char*>(program.c_str())};
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> owned = args;
  for (std::string& a : owned) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, program.c_str(), nullptr, nullptr, argv.data(), envp.data()) != 0)
    throw FileWriteError("cannot start " + program.string());
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : kExitDeviceError;
}

}  // namespace

int handoutCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.lecture && !options.lectureFile)
    throw BadInputError("handout needs --lecture ID (warpscope-cli lectures lists them) or --lecture-file FILE");
  if (!options.outPath) throw BadInputError("handout needs --out FILE.pdf");
  // A shipped lecture, or an instructor's own file (read as hostile, lecture_file.h).
  const Lecture lecture = *namedLecture(session.registry(), options);
  const std::string deviceId = options.device.value_or(session.defaultDeviceId());
  (void)session.device(deviceId);  // an unknown device is refused before any run
  const fs::path program = windowProgram();
  RunsFolder runs;
  out << "Handout of " << lecture.id << " on " << deviceId << '\n';
  for (std::size_t i = 0; i < lecture.presetIds.size(); ++i) {
    const PresetRef ref = lectureSlide(session.registry(), lecture, i);
    if (!ref) throw BadInputError("lecture '" + lecture.id + "' names preset '" + lecture.presetIds[i] + "', which no lab declares");
    const SlideCheck check = checkSlide(session, ref, deviceId);
    out << "[" << i + 1 << "/" << lecture.presetIds.size() << "] " << ref.preset->id << ": " << slideOutcomeWord(check);
    if (check.deviceId != deviceId) out << " (from " << check.deviceId << ")";
    out << '\n';
    if (!check.result) {
      err << "warpscope-cli: slide " << i + 1 << " (" << ref.preset->id << ") has no figure: " << check.runError << '\n';
      continue;
    }
    const RunRequest request = slideRequest(ref, check.deviceId);
    const Recording recording = makeRecording(request, *check.result, session.device(check.deviceId), ref.preset->id);
    const std::string number = std::to_string(i + 1);
    const std::string name = (number.size() < 2 ? "0" + number : number) + ".wsrec";  // ui/handout.h reads NN.wsrec
    writeFileAtomically((runs.path() / name).string(), recordingFileBytes(recording));
  }
  out.flush();
  std::vector<std::string> args{"--handout", *options.outPath, "--handout-runs", runs.path().string(), "--lecture", lecture.id};
  if (options.lectureFile) args.insert(args.end(), {"--lecture-file", *options.lectureFile});
  if (options.predictionBoxes) args.emplace_back("--prediction-boxes");
  const int code = runOffscreen(program, args);
  if (code != kExitOk) err << "warpscope-cli: the handout was not written (" << program.string() << " exited " << code << ")\n";
  return code;
}

}  // namespace warpscope::cli
