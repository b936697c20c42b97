#include "worker/worker_protocol.h"

#include "core/json_field.h"
#include "core/result_json.h"
#include "files/build_info.h"
#include "files/recording_json.h"
#include "warpscope/params.h"
#include "warpscope/writers.h"

namespace warpscope::worker {

using nlohmann::json;

json parseMessage(const std::string& line) {
  json message = parseBoundedJson(line, "a worker message");
  if (!message.is_object() || !message.contains("type") || !message["type"].is_string())
    throw BadInputError("a worker message must be a JSON object with a \"type\"");
  return message;
}

json helloMessage(const std::string& host) {
  return {{"type", "hello"},
          {"protocol", kWorkerProtocolVersion},
          {"version", files::kToolVersion},
          {"commit", files::kToolCommit},
          {"host", host},
          {"capabilities", {"devices", "labs", "run", "progress", "cancel"}}};
}

json labsMessage(const LabRegistry& registry) {
  json list = json::array();
  for (const LabSpec& lab : registry.labs()) list.push_back(json::parse(describeLabJson(lab)));
  return {{"type", "labs"}, {"labs", std::move(list)}};
}

json devicesMessage(const std::vector<DeviceInfo>& devices, const std::vector<UnavailableDevice>& unavailable) {
  json list = json::array(), missing = json::array();
  for (const DeviceInfo& d : devices) list.push_back(files::deviceToJson(d));
  for (const UnavailableDevice& u : unavailable) missing.push_back({{"id", u.id}, {"name", u.name}, {"reason", u.reason}});
  return {{"type", "devices"}, {"devices", std::move(list)}, {"unavailable", std::move(missing)}};
}

json runMessage(std::uint64_t id, const RunRequest& request) {
  json r = {{"lab", request.labId},
            {"device", request.deviceId},
            {"scope", request.scope == RunScope::FocusOnly ? "focus" : "sweep"},
            {"preset", request.presetId},
            {"params", request.params.values()}};
  // The user's own kernel goes with every request: the worker parses and compiles it itself.
  if (!request.kernel.empty()) r["kernel"] = {{"file", request.kernel.fileName}, {"source", request.kernel.text}};
  return {{"type", "run"}, {"id", id}, {"request", std::move(r)}};
}

json progressMessage(std::uint64_t id, double fraction, const std::string& what) {
  return {{"type", "progress"}, {"id", id}, {"fraction", fraction}, {"what", what}};
}

json resultMessage(std::uint64_t id, const RunResult& result, JsonForm form) {
  return {{"type", "result"}, {"id", id}, {"result", resultToJson(result, form)}};
}

const char* runErrorKindName(RunError::Kind kind) {
  switch (kind) {
    case RunError::Kind::BadInput: return "bad-input";
    case RunError::Kind::Cancelled: return "cancelled";
    case RunError::Kind::Device: break;
  }
  return "device";
}

json errorMessage(const json& id, const std::string& kind, const std::string& message, const std::string& alternativeDeviceId) {
  json m = {{"type", "error"}, {"id", id}, {"kind", kind}, {"message", message}};
  if (!alternativeDeviceId.empty()) m["alternative_device"] = alternativeDeviceId;
  return m;
}

json errorMessage(std::uint64_t id, const RunError& error) {
  json m = errorMessage(json(id), runErrorKindName(error.kind), error.message, error.alternativeDeviceId);
  if (error.deviceContextLost) m["context_lost"] = true;
  return m;
}

RunRequest requestFromJson(const json& in) {
  if (!in.is_object()) throw BadInputError("a run message's \"request\" must be an object");
  RunRequest r;
  r.labId = field<std::string>(in, "lab", "run request");
  r.deviceId = field<std::string>(in, "device", "run request");
  const std::string scope = field<std::string>(in, "scope", "run request");
  if (scope != "sweep" && scope != "focus") throw BadInputError("run request: scope must be \"sweep\" or \"focus\"");
  r.scope = scope == "focus" ? RunScope::FocusOnly : RunScope::FullSweep;
  r.presetId = optionalField(in, "preset", "run request", std::string{});
  if (!in.contains("params") || !in["params"].is_object()) throw BadInputError("run request: \"params\" must be an object");
  std::map<std::string, double> values;
  for (const auto& [name, value] : in["params"].items()) {
    if (!value.is_number()) throw BadInputError("run request: parameter '" + name + "' must be a number");
    values[name] = value.get<double>();
  }
  r.params = ParamSet(std::move(values));
  if (in.contains("kernel")) {
    const json& kernel = in["kernel"];
    if (!kernel.is_object()) throw BadInputError("run request: \"kernel\" must be an object");
    r.kernel.fileName = field<std::string>(kernel, "file", "run request's kernel");
    r.kernel.text = field<std::string>(kernel, "source", "run request's kernel");
  }
  return r;
}

std::vector<DeviceInfo> devicesFromMessage(const json& message) {
  std::vector<DeviceInfo> out;
  if (!message.contains("devices") || !message["devices"].is_array()) throw BadInputError("devices message without a list");
  for (const json& d : message["devices"]) out.push_back(files::deviceFromJson(d));
  return out;
}

std::vector<UnavailableDevice> unavailableFromMessage(const json& message) {
  std::vector<UnavailableDevice> out;
  if (!message.contains("unavailable") || !message["unavailable"].is_array()) return out;
  for (const json& u : message["unavailable"])
    out.push_back({field<std::string>(u, "id", "unavailable device"), optionalField(u, "name", "unavailable device", std::string{}),
                   field<std::string>(u, "reason", "unavailable device")});
  return out;
}

RunError runErrorFromMessage(const json& message) {
  const std::string kind = optionalField(message, "kind", "error message", std::string("device"));
  RunError e;
  e.kind = kind == "bad-input" ? RunError::Kind::BadInput
           : kind == "cancelled" ? RunError::Kind::Cancelled
                                 : RunError::Kind::Device;
  e.message = optionalField(message, "message", "error message", std::string("the worker gave no reason"));
  e.alternativeDeviceId = optionalField(message, "alternative_device", "error message", std::string{});
  e.deviceContextLost = optionalField(message, "context_lost", "error message", false);
  return e;
}

}  // namespace warpscope::worker
