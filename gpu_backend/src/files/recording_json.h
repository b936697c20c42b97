#pragma once
// The recording document's JSON readers, for run_file.cpp (which finds the document in a file).
#include <nlohmann/json.hpp>

#include "warpscope/recording.h"

namespace warpscope::files {

/// The device's properties (and, given the result, the ceilings it measured) as JSON, and back.
nlohmann::json deviceToJson(const DeviceInfo& device, const RunResult* result = nullptr);
DeviceInfo deviceFromJson(const nlohmann::json& in);

/// True for a document with a "format" field (a recording) rather than a bare result.
bool isRecordingDocument(const nlohmann::json& doc);
/// Throws BadInputError naming the first malformed field.
Recording recordingFromJson(const nlohmann::json& doc);
/// A `warpscope-result` document (a run's JSON) as a recording with no date or tool.
Recording recordingFromBareResult(const nlohmann::json& doc);

}  // namespace warpscope::files
