// `warpscope-cli record`: lecture presets run on a GPU, each kept as a recording (recording.h)
// that any laptop can open or serve as the rec:<gpu> device.
#include <chrono>
#include <filesystem>
#include <set>

#include "cli/cli.h"
#include "cli/commands.h"
#include "warpscope/recording_index.h"
#include "warpscope/file_write.h"
#include "warpscope/kernel_source.h"
#include "warpscope/lectures.h"
#include "warpscope/recording.h"

namespace warpscope::cli {
namespace {

namespace fs = std::filesystem;

/// The presets --lecture, --all or --preset name, each once, in lecture order.
std::vector<std::string> presetsToRecord(const Session& session, const CliOptions& options) {
  const int chosen = (options.lecture ? 1 : 0) + (options.all ? 1 : 0) + (options.preset ? 1 : 0);
  if (chosen != 1) throw BadInputError("record needs exactly one of --lecture ID, --all or --preset ID");
  if (options.preset) return {getPreset(session.registry(), *options.preset).preset->id};
  std::vector<std::string> ids;
  std::set<std::string> seen;
  for (const Lecture& lecture : LectureLibrary::builtin().lectures()) {
    if (options.lecture && lecture.id != *options.lecture) continue;
    for (const std::string& id : lecture.presetIds)
      if (seen.insert(id).second) ids.push_back(id);
  }
  if (ids.empty())
    throw BadInputError("unknown lecture '" + *options.lecture + "' (warpscope-cli lectures lists them)");
  return ids;
}

/// The folder's index with these recordings' entries replacing any older ones of the same file.
rec::RecordingIndex mergedIndex(const fs::path& folder, const std::vector<rec::IndexEntry>& fresh,
                                const DeviceInfo& device) {
  rec::RecordingIndex index;
  const fs::path path = folder / rec::kIndexFileName;
  if (fs::exists(path)) index = rec::readIndexFile(path.string());
  index.device = device;
  for (const rec::IndexEntry& entry : fresh) {
    std::erase_if(index.entries, [&](const rec::IndexEntry& old) { return old.file == entry.file; });
    index.entries.push_back(entry);
  }
  std::sort(index.entries.begin(), index.entries.end(),
            [](const auto& a, const auto& b) { return a.file < b.file; });
  return index;
}

/// `record --kernel FILE.cu [--set ...]`: one run of the user's kernel (issue 33), kept as
/// user-kernel-<file>.wsrec. A recorded device serves it for the same file's text only.
int recordKernel(Session& session, const CliOptions& options, const DeviceInfo& device, const fs::path& folder,
                 std::ostream& out, std::ostream& err) {
  if (options.lecture || options.all || options.preset)
    throw BadInputError("record --kernel cannot be combined with --lecture, --all or --preset");
  const labs::LabDefinition* lab = session.registry().userKernelLab();
  if (!lab) throw BadInputError("this Warpscope has no lab for your own kernel");
  RunRequest request{lab->spec.id, device.id, {}, RunScope::FullSweep};
  request.kernel = readKernelSource(*options.kernel);
  request.params = parseAssignments(lab->specFor(request).params, options.assignments);
  err << request.kernel.fileName << " (" << lab->spec.id << ") ... " << std::flush;
  CancelToken never;
  const RunOutcome outcome = session.run(request, {}, never);
  if (!outcome.ok()) {
    err << "failed: " << outcome.error().message << '\n';
    return kExitDeviceError;
  }
  const Recording recording = makeRecording(request, outcome.result(), device, "");
  const std::string file = lab->spec.id + "-" + fs::path(request.kernel.fileName).stem().string() + ".wsrec";
  const std::string bytes = recordingFileBytes(recording);
  writeFileAtomically((folder / file).string(), bytes);
  writeFileAtomically((folder / rec::kIndexFileName).string(),
                      rec::indexToJson(mergedIndex(folder, {rec::indexEntryFor(recording, file)}, device)));
  err << outcome.result().elapsedSeconds << " s, " << bytes.size() / 1024 << " KiB\n";
  out << request.kernel.fileName << " recorded on " << device.name << " into " << (folder / file).string() << '\n';
  return kExitOk;
}

}  // namespace

int recordCommand(Session& session, const CliOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.outPath) throw BadInputError("record needs --out DIR (the folder the recordings go to)");
  const std::string deviceId = options.device.value_or(session.defaultDeviceId());
  const DeviceInfo& device = session.device(deviceId);
  const fs::path folder(*options.outPath);
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) throw FileWriteError("cannot create " + folder.string() + ": " + error.message());
  if (options.kernel) return recordKernel(session, options, device, folder, out, err);
  const std::vector<std::string> presetIds = presetsToRecord(session, options);

  std::vector<rec::IndexEntry> written;
  int failed = 0;
  for (std::size_t i = 0; i < presetIds.size(); ++i) {
    const PresetRef ref = getPreset(session.registry(), presetIds[i]);
    RunRequest request{ref.lab->id, deviceId, presetParams(*ref.lab, *ref.preset, options.assignments),
                       RunScope::FullSweep, ref.preset->id};
    err << "[" << i + 1 << "/" << presetIds.size() << "] " << ref.preset->id << " (" << ref.lab->id << ") ... "
        << std::flush;
    CancelToken never;
    const RunOutcome outcome = session.run(request, {}, never);
    if (!outcome.ok()) {
      err << "failed: " << outcome.error().message << '\n';
      ++failed;
      continue;
    }
    const Recording recording = makeRecording(request, outcome.result(), device, ref.preset->id);
    const std::string file = ref.preset->id + ".wsrec";
    const std::string bytes = recordingFileBytes(recording);
    writeFileAtomically((folder / file).string(), bytes);
    written.push_back(rec::indexEntryFor(recording, file));
    err << outcome.result().elapsedSeconds << " s, " << bytes.size() / 1024 << " KiB\n";
  }
  if (!written.empty())
    writeFileAtomically((folder / rec::kIndexFileName).string(), rec::indexToJson(mergedIndex(folder, written, device)));
  out << written.size() << " of " << presetIds.size() << " presets recorded on " << device.name << " into "
      << folder.string() << '\n';
  return failed == 0 ? kExitOk : kExitDeviceError;
}

int showCommand(const CliOptions& options, std::ostream& out, std::ostream& err) {
  if (options.positional.size() != 1) throw BadInputError("show needs exactly one FILE");
  const Recording recording = readRunFile(options.positional[0], options.page);
  RunResult result = recording.result;
  writeResult(result, options, out, err);
  return kExitOk;
}

}  // namespace warpscope::cli
