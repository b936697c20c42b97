#include "warpscope/recording_index.h"

#include "warpscope/kernel_source.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

#include "core/json_field.h"
#include "core/result_json.h"
#include "files/recording_json.h"
#include "files/regular_file.h"

namespace warpscope::rec {

using nlohmann::json;

/// A device folder's recordings an index may list: the shipped folders hold about 60; each entry
/// becomes a line of `warpscope-cli devices` and of the window's preset list.
constexpr std::size_t kMaxIndexEntries = 10000;

IndexEntry indexEntryFor(const Recording& recording, std::string file) {
  IndexEntry entry{std::move(file), recording.presetId, recording.request.labId, recording.request.params,
                   recording.recordedAt};
  // The kernel the run ran (a user-supplied kernel's lab keeps it in its result).
  if (const KernelSource& kernel = recording.result.kernel; !kernel.empty()) {
    entry.kernelFile = kernel.fileName;
    entry.kernelKey = kernelKey(kernel);
  }
  return entry;
}

std::string indexToJson(const RecordingIndex& index) {
  json entries = json::array();
  for (const IndexEntry& e : index.entries) {
    json entry = {{"file", e.file},
                  {"preset", e.presetId},
                  {"lab", e.labId},
                  {"params", e.params.values()},
                  {"recorded_at", e.recordedAt}};
    if (!e.kernelKey.empty()) entry["kernel"] = {{"file", e.kernelFile}, {"key", e.kernelKey}};
    entries.push_back(std::move(entry));
  }
  const json doc = {{"format", "warpscope-recording-index"},
                    {"format_version", 1},
                    {"device", files::deviceToJson(index.device)},
                    {"recordings", entries}};
  return doc.dump(1) + "\n";
}

RecordingIndex readIndexFile(const std::string& path) {
  // A regular file of at most the JSON limit, checked before reading: index.json linked to
  // /dev/zero read 2.1 GB on every command; a FIFO blocked them.
  const std::string text = files::readRegularFile(path, kMaxJsonBytes);
  try {
    const json doc = parseBoundedJson(text, "the index");
    if (textField(doc, "format", "index") != "warpscope-recording-index")
      throw BadInputError("'format' is not \"warpscope-recording-index\"");
    if (versionField(doc, "format_version", "index") != 1) throw BadInputError("format_version is not 1");
    RecordingIndex index;
    index.device = files::deviceFromJson(member(doc, "device", "index"));
    for (const json& e : boundedArrayField(doc, "recordings", "index", kMaxIndexEntries, "recordings")) {
      IndexEntry entry{textField(e, "file", "a recording"), textField(e, "preset", "a recording"),
                       textField(e, "lab", "a recording"),
                       ParamSet(boundedKeys(field<std::map<std::string, double>>(e, "params", "a recording"))),
                       textField(e, "recorded_at", "a recording")};
      if (e.contains("kernel")) {
        const json& kernel = member(e, "kernel", "a recording");
        entry.kernelFile = textField(kernel, "file", "a recording's kernel");
        entry.kernelKey = textField(kernel, "key", "a recording's kernel");
      }
      // A file name is a name in this folder, never a path out of it.
      if (entry.file.empty() || entry.file.find('/') != std::string::npos || entry.file.starts_with("."))
        throw BadInputError("recording file '" + entry.file + "' is not a plain file name");
      index.entries.push_back(std::move(entry));
    }
    return index;
  } catch (const BadInputError& e) {
    throw BadInputError(path + ": " + e.what());
  }
}

RecordingIndex scanFolder(const std::string& folder) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  for (std::filesystem::directory_iterator item(folder, error), end; !error && item != end; item.increment(error))
    if (item->is_regular_file(error) && item->path().extension() == ".wsrec") files.push_back(item->path());
  if (error) throw BadInputError(folder + ": cannot list the recordings: " + error.message());
  std::sort(files.begin(), files.end());
  RecordingIndex index;
  for (const auto& file : files) {
    try {
      const Recording recording = readRunFile(file.string());
      if (index.entries.empty()) index.device = recording.device;
      index.entries.push_back(indexEntryFor(recording, file.filename().string()));
    } catch (const BadInputError& e) {
      index.skipped.emplace_back(e.what());  // one truncated file hid every recording beside it
    }
  }
  return index;
}

}  // namespace warpscope::rec
