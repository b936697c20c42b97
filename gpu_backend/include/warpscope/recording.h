#pragma once
/// \file recording.h
/// A run kept for later: what `warpscope-cli record` writes, what the rec:h200 device serves,
/// and what figures carry so they reopen. One self-describing document (format
/// "warpscope-recording", version 1): the tool and commit that made it, the date, the device's
/// properties and measured ceilings, the request, and the whole result with its traces.

#include <optional>
#include <string>
#include <string_view>

#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope {

inline constexpr const char* kRecordingFormat = "warpscope-recording";
inline constexpr int kRecordingFormatVersion = 1;

struct Recording {
  std::string toolVersion;  ///< e.g. "0.1.0".
  std::string toolCommit;   ///< The git commit the tool was built from ("unknown" outside git).
  std::string recordedAt;   ///< UTC, ISO 8601: "2026-11-24T10:11:12Z"; empty for a bare run JSON.
  DeviceInfo device;        ///< The device as its backend described it when the run was made.
  std::string presetId;     ///< The lecture preset the run reproduces, or empty.
  std::string viewId;       ///< A figure's view; empty for whole recordings.
  RunRequest request;
  RunResult result;

  /// "2026-11-24": the day part of recordedAt.
  [[nodiscard]] std::string recordedOn() const { return recordedAt.substr(0, 10); }
};

/// A recording of `result`, stamped with this build's version and commit and the time now.
Recording makeRecording(const RunRequest& request, const RunResult& result, const DeviceInfo& device,
                        std::string presetId = {});

/// The document as JSON text (compact).
std::string recordingToJson(const Recording& recording);
/// The document gzip-compressed: what a recording file holds.
std::string recordingFileBytes(const Recording& recording);

/// Reads a file a user opens, as hostile: a recording (gzip or plain JSON), a run's JSON
/// (`warpscope-cli run --format json`, or the window's JSON export), or a PNG, SVG or PDF figure
/// that carries its run. Size, nesting, grid and trace dimensions are bounded before anything is
/// allocated. Throws BadInputError "FILE: the problem" for a missing, unreadable or malformed file.
/// `page`: the run of that page of a handout (a PDF with a run a figure page, ui/handout.h).
Recording readRunFile(const std::string& path, std::optional<int> page = std::nullopt);
/// The same for bytes already in memory; `name` stands for the file in messages.
Recording readRunBytes(std::string_view bytes, const std::string& name, std::optional<int> page = std::nullopt);

/// What a figure embeds: the recording with viewId set, compressed. PNG: an iTXt chunk;
/// SVG and PDF (XMP metadata): an XML element `<warpscope:run ...>base64</warpscope:run>`.
std::string embedRunInPng(std::string_view png, const Recording& recording);
/// `page`: the handout page the figure is on (a page="N" attribute), for readRunFile's `page`.
std::string runXmlElement(const Recording& recording, std::optional<int> page = std::nullopt);
/// The XML namespace of that element (declare it on an enclosing element if needed).
inline constexpr const char* kRunXmlNamespace = "https://warpscope.dev/ns/run/1";

/// Largest file Warpscope opens.
inline constexpr std::size_t kMaxRunFileBytes = std::size_t{64} << 20;

}  // namespace warpscope
