#pragma once
// The index.json beside a recorded device's *.wsrec files: which lab and parameters each file
// holds, so a run finds its file without inflating every recording. `warpscope-cli record`
// keeps it up to date; without one the folder is scanned.
#include <string>
#include <vector>

#include "warpscope/device.h"
#include "warpscope/params.h"
#include "warpscope/recording.h"

namespace warpscope::rec {

struct IndexEntry {
  std::string file;    ///< Name inside the folder, e.g. "volkov-ilp-hides-latency.wsrec".
  std::string presetId;
  std::string labId;
  ParamSet params;
  std::string recordedAt;
  /// A run of a user-supplied kernel (issue 33): its file's name and kernelKey(), so a run is
  /// served only for the same kernel. Empty for every built-in lab.
  std::string kernelFile;
  std::string kernelKey;
};

struct RecordingIndex {
  DeviceInfo device;  ///< As recorded (the GPU's own id, e.g. cuda:0).
  std::vector<IndexEntry> entries;
  /// scanFolder only: the recordings it could not read, each message naming the file. One
  /// damaged file leaves itself out, not the folder's other recordings.
  std::vector<std::string> skipped;
};

inline constexpr const char* kIndexFileName = "index.json";

IndexEntry indexEntryFor(const Recording& recording, std::string file);
std::string indexToJson(const RecordingIndex& index);
/// Reads an index.json (hostile like any file); throws BadInputError naming the problem.
RecordingIndex readIndexFile(const std::string& path);
/// Reads every *.wsrec in the folder (the slow path, for a folder without an index); a file it
/// cannot read goes to `skipped`. Throws BadInputError when the folder cannot be listed.
RecordingIndex scanFolder(const std::string& folder);

}  // namespace warpscope::rec
