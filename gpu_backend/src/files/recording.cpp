// The recording document (recording.h) to and from JSON.
#include <nlohmann/json.hpp>

#include <chrono>
#include <ctime>

#include "core/json_field.h"
#include "core/result_json.h"
#include "files/build_info.h"
#include "files/compression.h"
#include "files/recording_json.h"
#include "warpscope/recording.h"

namespace warpscope {
namespace {

using nlohmann::json;

std::string utcNow() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace

namespace files {

json deviceToJson(const DeviceInfo& d, const RunResult* result) {
  // The ceilings the run measured (bandwidths, peaks) travel with the device they belong to.
  json ceilings = json::object();
  if (result)
    for (const Scalar& s : result->scalars)
    if (s.id.starts_with("ceiling.")) ceilings[s.id.substr(8)] = {{"value", s.value}, {"unit", s.unit}, {"label", s.label}};
  return {{"id", d.id},
          {"name", d.name},
          {"kind", d.kind == DeviceKind::Cuda ? "gpu" : d.kind == DeviceKind::Recording ? "recording" : "simulator"},
          {"compute_capability", d.computeCapability},
          {"sm_count", d.smCount},
          {"fp32_lanes_per_sm", d.fp32LanesPerSm},
          {"schedulers_per_sm", d.schedulersPerSm},
          {"registers_per_sm", d.registersPerSm},
          {"shared_mem_per_sm_bytes", d.sharedMemPerSmBytes},
          {"shared_mem_per_block_max_bytes", d.sharedMemPerBlockMaxBytes},
          {"reserved_shared_mem_per_block_bytes", d.reservedSharedMemPerBlockBytes},
          {"max_threads_per_sm", d.maxThreadsPerSm},
          {"max_blocks_per_sm", d.maxBlocksPerSm},
          {"max_threads_per_block", d.maxThreadsPerBlock},
          {"warp_size", d.warpSize},
          {"sm_clock_mhz", d.smClockMhz},
          {"mem_clock_mhz", d.memClockMhz},
          {"mem_bus_width_bits", d.memBusWidthBits},
          {"l2_bytes", d.l2Bytes},
          {"global_mem_bytes", d.globalMemBytes},
          {"free_mem_bytes", d.freeMemBytes},
          {"dram_bandwidth_gbs", d.dramBandwidthGBs},
          {"theoretical_fp32_gflops", d.theoreticalFp32Gflops()},
          {"sources", d.sources},
          {"ceilings", std::move(ceilings)}};
}

DeviceInfo deviceFromJson(const json& in) {
  const std::string where = "device";
  DeviceInfo d;
  d.id = textField(in, "id", where);
  d.name = textField(in, "name", where);
  const auto kind = optionalField(in, "kind", where, std::string("gpu"));
  if (kind != "gpu" && kind != "simulator" && kind != "recording")
    throw BadInputError("device 'kind' is '" + kind + "' (gpu, simulator, recording)");
  d.kind = kind == "gpu" ? DeviceKind::Cuda : kind == "recording" ? DeviceKind::Recording : DeviceKind::Simulator;
  d.computeCapability = optionalTextField(in, "compute_capability", where, std::string());
  d.smCount = optionalField(in, "sm_count", where, 0);
  d.fp32LanesPerSm = optionalField(in, "fp32_lanes_per_sm", where, 0);
  d.schedulersPerSm = optionalField(in, "schedulers_per_sm", where, 0);
  d.registersPerSm = optionalField(in, "registers_per_sm", where, 0);
  d.sharedMemPerSmBytes = optionalField(in, "shared_mem_per_sm_bytes", where, 0);
  d.sharedMemPerBlockMaxBytes = optionalField(in, "shared_mem_per_block_max_bytes", where, 0);
  d.reservedSharedMemPerBlockBytes = optionalField(in, "reserved_shared_mem_per_block_bytes", where, 0);
  d.maxThreadsPerSm = optionalField(in, "max_threads_per_sm", where, 0);
  d.maxBlocksPerSm = optionalField(in, "max_blocks_per_sm", where, 0);
  d.maxThreadsPerBlock = optionalField(in, "max_threads_per_block", where, 0);
  d.warpSize = optionalField(in, "warp_size", where, 32);
  d.smClockMhz = optionalField(in, "sm_clock_mhz", where, 0.0);
  d.memClockMhz = optionalField(in, "mem_clock_mhz", where, 0.0);
  d.memBusWidthBits = optionalField(in, "mem_bus_width_bits", where, 0);
  d.l2Bytes = optionalField(in, "l2_bytes", where, 0LL);
  d.globalMemBytes = optionalField(in, "global_mem_bytes", where, 0LL);
  d.freeMemBytes = optionalField(in, "free_mem_bytes", where, 0LL);
  d.dramBandwidthGBs = optionalField(in, "dram_bandwidth_gbs", where, 0.0);
  d.sources = optionalTextField(in, "sources", where, std::string(), kMaxNoteChars);
  return d;
}

}  // namespace files

Recording makeRecording(const RunRequest& request, const RunResult& result, const DeviceInfo& device,
                        std::string presetId) {
  Recording r;
  r.toolVersion = files::kToolVersion;
  r.toolCommit = files::kToolCommit;
  r.recordedAt = utcNow();
  r.device = device;
  r.presetId = std::move(presetId);
  r.request = request;
  r.result = result;
  return r;
}

std::string recordingToJson(const Recording& r) {
  const json doc = {
      {"format", kRecordingFormat},
      {"format_version", kRecordingFormatVersion},
      {"tool", {{"name", "warpscope"}, {"version", r.toolVersion}, {"commit", r.toolCommit}}},
      {"recorded_at", r.recordedAt},
      {"device", files::deviceToJson(r.device, &r.result)},
      {"preset", r.presetId},
      {"view", r.viewId},
      {"request",
       {{"lab", r.request.labId},
        {"device", r.request.deviceId},
        {"scope", r.request.scope == RunScope::FocusOnly ? "focus" : "sweep"},
        {"params", r.request.params.values()}}},
      {"result", resultToJson(r.result)},
  };
  return doc.dump();
}

std::string recordingFileBytes(const Recording& recording) {
  return files::compress(recordingToJson(recording), /*gzip=*/true);
}

namespace files {

bool isRecordingDocument(const json& doc) { return doc.is_object() && doc.contains("format"); }

Recording recordingFromJson(const json& doc) {
  if (textField(doc, "format", "document") != kRecordingFormat)
    throw BadInputError("'format' is not \"" + std::string(kRecordingFormat) + "\"");
  const int version = versionField(doc, "format_version", "document");
  if (version != kRecordingFormatVersion)
    throw BadInputError("format_version " + std::to_string(version) + " is not one this build reads (" +
                        std::to_string(kRecordingFormatVersion) + ")");
  Recording r;
  const json& tool = member(doc, "tool", "document");
  r.toolVersion = textField(tool, "version", "tool");
  r.toolCommit = textField(tool, "commit", "tool");
  r.recordedAt = textField(doc, "recorded_at", "document");
  r.device = deviceFromJson(member(doc, "device", "document"));
  r.presetId = optionalTextField(doc, "preset", "document", std::string());
  r.viewId = optionalTextField(doc, "view", "document", std::string());
  const json& request = member(doc, "request", "document");
  r.request.labId = textField(request, "lab", "request");
  r.request.deviceId = textField(request, "device", "request");
  const auto scope = textField(request, "scope", "request");
  if (scope != "sweep" && scope != "focus") throw BadInputError("request 'scope' must be \"sweep\" or \"focus\"");
  r.request.scope = scope == "focus" ? RunScope::FocusOnly : RunScope::FullSweep;
  r.request.params = ParamSet(boundedKeys(field<std::map<std::string, double>>(request, "params", "request")));
  r.result = resultFromJson(member(doc, "result", "document"));
  r.request.kernel = r.result.kernel;  // a run of the user's kernel: the file is the result's
  if (r.result.labId != r.request.labId)
    throw BadInputError("the result is of lab '" + r.result.labId + "' but the request of lab '" + r.request.labId + "'");
  return r;
}

Recording recordingFromBareResult(const json& doc) {
  Recording r;
  r.result = resultFromJson(doc);
  r.request.labId = r.result.labId;
  r.request.kernel = r.result.kernel;
  r.request.deviceId = r.result.deviceId;
  r.request.params = ParamSet(r.result.params);
  r.request.scope = r.result.focusOnly ? RunScope::FocusOnly : RunScope::FullSweep;
  r.device.id = r.result.deviceId;
  r.device.name = r.result.deviceName;
  r.device.kind = r.result.provenance == Provenance::Measured ? DeviceKind::Cuda : DeviceKind::Simulator;
  return r;
}

}  // namespace files
}  // namespace warpscope
