#pragma once
/// \file worker_protocol.h
/// The GPU worker's protocol (`warpscope-cli serve`): one JSON object per line on the worker's
/// standard input and output, each with a "type". Versioned by kWorkerProtocolVersion in the
/// hello; docs/remote.md lists every message.
///
///   client -> worker                              worker -> client
///   {"type":"hello","protocol":1,"version":V,     {"type":"hello","protocol":1,"version":V,"host":H,
///    "accepts":["grid-frames"]}
///                                                  "capabilities":[...]}
///   {"type":"devices"}                            {"type":"devices","devices":[...],"unavailable":[...]}
///   {"type":"labs"}                               {"type":"labs","labs":[...]} (each as `describe` prints it)
///   {"type":"run","id":N,"request":{...}}         {"type":"progress","id":N,"fraction":F,"what":W} ...
///                                                 {"type":"result","id":N,"result":{...}}
///                                                 | {"type":"error","id":N,"kind":K,"message":M,
///                                                    "context_lost":true (the worker then exits)}
///   {"type":"cancel","id":N}                      (the run ends with an error of kind "cancelled")
///   {"type":"bye"}                                (the worker exits)
/// A line that is not such a message gets {"type":"error","id":null,"kind":"protocol",...}; the
/// worker keeps reading. Results are the `warpscope-result` document writers.h describes; to a
/// client whose hello accepts "grid-frames", in the wire form (view_json.h: a per-frame grid as
/// frames, not its table), which only the worker protocol reads.

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/view_json.h"
#include "warpscope/backend.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/registry.h"

namespace warpscope::worker {

inline constexpr int kWorkerProtocolVersion = 1;
/// The longest line either side accepts (a result with its traces fits many times over).
inline constexpr std::size_t kMaxMessageBytes = std::size_t{64} << 20;

/// Parses one line; throws BadInputError naming what is wrong (not JSON, no "type", too deep).
nlohmann::json parseMessage(const std::string& line);

nlohmann::json helloMessage(const std::string& host);
/// The worker's labs, each as `warpscope-cli describe` prints it (a client of another release
/// marks the labs the worker lacks).
nlohmann::json labsMessage(const LabRegistry& registry);
nlohmann::json devicesMessage(const std::vector<DeviceInfo>& devices, const std::vector<UnavailableDevice>& unavailable);
nlohmann::json runMessage(std::uint64_t id, const RunRequest& request);
nlohmann::json progressMessage(std::uint64_t id, double fraction, const std::string& what);
/// The hello's "accepts" entry by which a client says it reads results in the wire form.
inline constexpr const char* kAcceptsGridFrames = "grid-frames";
/// `form`: JsonForm::Wire only to a client that accepts kAcceptsGridFrames.
nlohmann::json resultMessage(std::uint64_t id, const RunResult& result, JsonForm form);
nlohmann::json errorMessage(const nlohmann::json& id, const std::string& kind, const std::string& message,
                            const std::string& alternativeDeviceId = {});
nlohmann::json errorMessage(std::uint64_t id, const RunError& error);

/// A run request read back; its parameters are the lab's (validated by the worker's Session).
RunRequest requestFromJson(const nlohmann::json& request);
std::vector<DeviceInfo> devicesFromMessage(const nlohmann::json& message);
std::vector<UnavailableDevice> unavailableFromMessage(const nlohmann::json& message);
/// The error a worker's "error" message stands for.
RunError runErrorFromMessage(const nlohmann::json& message);

/// "bad-input", "device", "cancelled".
const char* runErrorKindName(RunError::Kind kind);

}  // namespace warpscope::worker
