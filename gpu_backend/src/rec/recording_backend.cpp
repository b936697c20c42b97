#include "rec/recording_backend.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "warpscope/kernel_source.h"
#include "warpscope/recording_index.h"
#include "warpscope/recording.h"
#include "core/run_guard.h"

#ifndef WARPSCOPE_SOURCE_RECORDINGS_DIR
#define WARPSCOPE_SOURCE_RECORDINGS_DIR ""
#endif
// The installed data folder relative to the installed programs' folder (gpu_backend/CMakeLists.txt,
// from GNUInstallDirs): "../share/warpscope".
#ifndef WARPSCOPE_INSTALLED_DATA_FROM_BIN
#define WARPSCOPE_INSTALLED_DATA_FROM_BIN "../share/warpscope"
#endif

namespace warpscope::rec {
namespace {

namespace fs = std::filesystem;

bool sameValue(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a)); }

/// The key an index entry holds for a run of `kernel` (a user-supplied kernel's), else none: what a
/// request's lab and a recording's result are matched by.
std::string indexKeyOf(const KernelSource& kernel) { return kernel.empty() ? std::string() : kernelKey(kernel); }

/// The parameters of `asked` that `recorded` holds another value for, as "Label = asked
/// (recorded: value)" in the user's words.
std::vector<std::string> differences(const LabSpec& lab, const ParamSet& asked, const ParamSet& recorded) {
  std::vector<std::string> out;
  for (const ParamSpec& spec : lab.params) {
    const auto a = asked.values().find(spec.id);
    const auto r = recorded.values().find(spec.id);
    if (a == asked.values().end() || r == recorded.values().end()) continue;
    if (!sameValue(a->second, r->second))
      out.push_back(spec.label + " = " + spec.valueText(a->second) + " (recorded: " + spec.valueText(r->second) + ")");
  }
  return out;
}

/// One recorded GPU: its folder, index and the recordings read so far.
struct RecordedDevice {
  DeviceInfo info;
  std::string folder;
  RecordingIndex index;
  std::map<std::string, RunResult> loaded;  ///< By file name.
};

class RecordingBackend final : public Backend {
 public:
  /// Every subfolder of each root is a device; the first root holding a name wins (a user's
  /// h200 replaces the shipped h200).
  explicit RecordingBackend(const std::vector<std::string>& roots) {
    for (const std::string& root : roots) addRoot(root);
  }

  [[nodiscard]] std::string name() const override { return "Recordings"; }
  [[nodiscard]] std::vector<DeviceInfo> devices() const override {
    std::vector<DeviceInfo> out;
    for (const auto& device : devices_) out.push_back(device.info);
    return out;
  }
  [[nodiscard]] std::vector<UnavailableDevice> unavailableDevices() const override { return unavailable_; }

  [[nodiscard]] std::string whyCannotRun(const labs::LabDefinition& lab, const std::string& deviceId) const override {
    const auto holds = [&](const RecordedDevice& device) {
      for (const IndexEntry& entry : device.index.entries)
        if (entry.labId == lab.spec.id) return true;
      return false;
    };
    for (const RecordedDevice& device : devices_) {
      if (device.info.id != deviceId || holds(device)) continue;
      std::string why = "no run of this lab was recorded on the " + device.info.name;
      for (const RecordedDevice& other : devices_)
        if (&other != &device && holds(other)) return why + " (it was on the " + other.info.name + ": " + other.info.id + ")";
      return why;
    }
    return {};
  }

  RunOutcome run(const labs::LabDefinition& definition, const RunRequest& request, const ProgressFn& progress,
                 const CancelToken&) override {
    // A recording is a file read as hostile: whatever reading it throws becomes the run's error here.
    // A lab whose kernel comes with the request is matched by that kernel and its own parameters.
    return labs::guardRun("recordings", [&] { return answer(definition.specFor(request), request, progress); });
  }

 private:
  RunOutcome answer(const LabSpec& lab, const RunRequest& request, const ProgressFn& progress) {
    RecordedDevice* device = find(request.deviceId);
    if (!device) return RunError{RunError::Kind::BadInput, "no recorded device '" + request.deviceId + "'"};
    const IndexEntry* best = nullptr;
    std::vector<std::string> bestDifferences;
    const std::string kernel = indexKeyOf(lab.kernel);
    std::vector<std::string> otherKernels;
    for (const IndexEntry& entry : device->index.entries) {
      if (entry.labId != request.labId) continue;
      // A recording of another kernel (or another version of this file) is never this run's.
      if (entry.kernelKey != kernel) {
        otherKernels.push_back(entry.kernelFile);
        continue;
      }
      std::vector<std::string> diff = differences(lab, request.params, entry.params);
      // Two slides of one setting are one request, and show one run: the first recording that
      // matches, whichever slide recorded it (issue 28: Sakharnykh 4 and 5 showed 9.01 against
      // 7.01 GB/s for the same parameters, from two recordings).
      if (!best || diff.size() < bestDifferences.size()) {
        best = &entry;
        bestDifferences = std::move(diff);
      }
    }
    if (!best && !otherKernels.empty()) return kernelNotRecorded(*device, lab, otherKernels);
    if (!best || !bestDifferences.empty())
      return notRecorded(*device, lab, best, bestDifferences, otherWithRun(*device, lab, request));
    if (progress) progress(0.5, "reading the recording " + best->file);
    std::lock_guard lock(mutex_);
    auto loaded = device->loaded.find(best->file);
    if (loaded == device->loaded.end()) {
      Recording recording = readRunFile((fs::path(device->folder) / best->file).string());
      if (recording.request.labId != request.labId)
        return RunError{RunError::Kind::Device, best->file + ": holds lab " + recording.request.labId +
                                                    ", not the " + request.labId + " its index names"};
      // The index is a file like any other: the recording itself must hold the kernel it names.
      if (indexKeyOf(recording.result.kernel) != best->kernelKey)
        return RunError{RunError::Kind::Device,
                        best->file + ": holds another kernel than the " + best->kernelFile + " its index names"};
      recording.result.deviceId = device->info.id;
      // A result the GPU run answered with a model (um-oversubscription) keeps its "Simulated"
      // banner: only measurements are labelled as recorded on the GPU.
      if (recording.result.provenance == Provenance::Measured) {
        recording.result.recordedOn = recording.recordedOn();
        recording.result.deviceName = recording.device.name;
      }
      loaded = device->loaded.emplace(best->file, std::move(recording.result)).first;
    }
    return loaded->second;
  }

  void addRoot(const std::string& root) {
    std::error_code error;
    if (root.empty() || !fs::is_directory(root, error)) return;
    // An unreadable root leaves its recordings out, saying why; it threw here, and every command
    // failed "No backend is available" although the simulators work.
    std::vector<fs::path> folders;
    for (fs::directory_iterator item(root, error), end; !error && item != end; item.increment(error))
      if (item->is_directory(error)) folders.push_back(item->path());
    if (error) {
      unavailable_.push_back({"rec", "", root + ": cannot list the recordings: " + error.message()});
      return;
    }
    std::sort(folders.begin(), folders.end());
    for (const fs::path& folder : folders) addFolder(folder);
  }

  [[nodiscard]] bool known(const std::string& id) const {
    return std::any_of(devices_.begin(), devices_.end(), [&](const RecordedDevice& d) { return d.info.id == id; }) ||
           std::any_of(unavailable_.begin(), unavailable_.end(),
                       [&](const UnavailableDevice& u) { return u.id == id; });
  }

  void addFolder(const fs::path& folder) {
    std::string id = "rec:" + folder.filename().string();
    if (known(id)) return;  // an earlier root has this device: it replaces this one
    // A device id is one field of a tab-separated line (`warpscope-cli devices`) and a menu entry:
    // a name with a newline or tab broke the listing.
    if (std::any_of(id.begin(), id.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; })) {
      std::replace_if(id.begin(), id.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }, '?');
      unavailable_.push_back({id, "", "the folder's name holds a control character (a newline or tab): rename it"});
      return;
    }
    try {
      const fs::path indexPath = folder / kIndexFileName;
      std::error_code error;
      RecordingIndex index = fs::exists(fs::symlink_status(indexPath, error))
                                 ? readIndexFile(indexPath.string())
                                 : scanFolder(folder.string());
      if (index.entries.empty()) {
        if (!index.skipped.empty()) unavailable_.push_back({id, "", index.skipped.front()});
        return;
      }
      RecordedDevice device;
      device.info = index.device;
      device.info.id = id;
      device.info.kind = DeviceKind::Recording;
      device.info.sources = "Runs recorded on " + index.device.name + " (" + index.entries.front().recordedAt.substr(0, 10) +
                            "): " + std::to_string(index.entries.size()) + " recordings in " + folder.string();
      if (!index.skipped.empty())
        device.info.sources += "; " + std::to_string(index.skipped.size()) + " unreadable left out (" +
                               index.skipped.front() + (index.skipped.size() > 1 ? ", ..." : "") + ")";
      device.folder = folder.string();
      device.index = std::move(index);
      devices_.push_back(std::move(device));
    } catch (const std::exception& e) {
      unavailable_.push_back({id, "", e.what()});
    }
  }

  RecordedDevice* find(const std::string& id) {
    for (auto& device : devices_)
      if (device.info.id == id) return &device;
    return nullptr;
  }

  /// Another recorded GPU holding a run of exactly this request (a slide recorded on an H100 only),
  /// or nullptr.
  const RecordedDevice* otherWithRun(const RecordedDevice& asked, const LabSpec& lab, const RunRequest& request) const {
    const std::string kernel = indexKeyOf(lab.kernel);
    for (const RecordedDevice& other : devices_) {
      if (&other == &asked) continue;
      for (const IndexEntry& entry : other.index.entries)
        if (entry.labId == request.labId && entry.kernelKey == kernel &&
            differences(lab, request.params, entry.params).empty())
          return &other;
    }
    return nullptr;
  }

  static RunError notRecorded(const RecordedDevice& device, const LabSpec& lab, const IndexEntry* nearest,
                              const std::vector<std::string>& diff, const RecordedDevice* recordedElsewhere) {
    std::string message = "Not recorded: the " + device.info.name + " recordings hold ";
    if (!nearest) {
      message += "no run of " + lab.title + ".";
    } else {
      message += "no run of " + lab.title + " with ";
      for (std::size_t i = 0; i < diff.size(); ++i) message += (i ? ", " : "") + diff[i];
      message += nearest->presetId.empty() ? ". The nearest recording is " + nearest->file + "."
                                           : ". The nearest recording is preset '" + nearest->presetId + "'.";
    }
    if (recordedElsewhere)
      message += " It was recorded on the " + recordedElsewhere->info.name + " (" + recordedElsewhere->info.id + ").";
    RunError error{RunError::Kind::BadInput, message};
    error.alternativeDeviceId = recordedElsewhere ? recordedElsewhere->info.id : modelDeviceFor(device.info.id);
    return error;
  }

  /// The lab's recordings on this device are of other kernels (or other versions of this file).
  static RunError kernelNotRecorded(const RecordedDevice& device, const LabSpec& lab, std::vector<std::string> files) {
    std::sort(files.begin(), files.end());
    files.erase(std::unique(files.begin(), files.end()), files.end());
    std::string names;
    for (const std::string& f : files)
      names += (names.empty() ? "" : ", ") +
               (f.empty() ? "a kernel without a name" : f == lab.kernel.fileName ? "another version of " + f : f);
    RunError error{RunError::Kind::BadInput, "Not recorded: the " + device.info.name + " recordings hold no run of " +
                                                 lab.kernel.fileName + " as it is now (they hold " + names +
                                                 "). A GPU runs it: local, over ssh or on Slurm."};
    error.alternativeDeviceId = modelDeviceFor(device.info.id);
    return error;
  }

  std::vector<RecordedDevice> devices_;
  std::vector<UnavailableDevice> unavailable_;
  std::mutex mutex_;
};

}  // namespace

std::string shippedRecordingsRoot() {
  std::vector<std::string> candidates;
  // Installed: PREFIX/bin/warpscope-cli finds PREFIX/share/warpscope/recordings, wherever PREFIX is.
  std::error_code error;
  if (const fs::path self = fs::read_symlink("/proc/self/exe", error); !error)
    candidates.push_back(
        (self.parent_path() / WARPSCOPE_INSTALLED_DATA_FROM_BIN / "recordings").lexically_normal().string());
  // A build folder: the source tree it was built from.
  candidates.push_back(WARPSCOPE_SOURCE_RECORDINGS_DIR);
  candidates.push_back("resources/recordings/devices");
  for (const std::string& candidate : candidates)
    if (!candidate.empty() && fs::is_directory(candidate, error)) return candidate;
  return {};
}

std::vector<std::string> defaultRecordingsRoots() {
  std::vector<std::string> roots;
  if (const char* env = std::getenv("WARPSCOPE_RECORDINGS"); env && *env) {
    std::istringstream folders(env);
    for (std::string folder; std::getline(folders, folder, ':');)
      if (!folder.empty()) roots.push_back(folder);
  }
  if (std::string shipped = shippedRecordingsRoot(); !shipped.empty()) roots.push_back(std::move(shipped));
  return roots;
}

std::string modelDeviceFor(const std::string& recordedDeviceId) {
  return recordedDeviceId.starts_with("rec:") ? "sim:" + recordedDeviceId.substr(4) : std::string();
}

std::unique_ptr<Backend> makeRecordingBackend(const std::vector<std::string>& roots) {
  return std::make_unique<RecordingBackend>(roots);
}

std::unique_ptr<Backend> makeRecordingBackend(const std::string& root) {
  return makeRecordingBackend(std::vector<std::string>{root});
}

}  // namespace warpscope::rec

namespace warpscope {
std::unique_ptr<Backend> makeRecordingBackend() {
  auto backend = rec::makeRecordingBackend(rec::defaultRecordingsRoots());
  if (backend->devices().empty() && backend->unavailableDevices().empty()) return nullptr;
  return backend;
}
}  // namespace warpscope
