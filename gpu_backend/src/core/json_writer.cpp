// JSON form of a RunResult (and back). The schema is what `warpscope-cli run --format json`
// prints and what the GUI exports; recordings of real-GPU runs use it too. The document fields
// live here; each view's object (metadata plus its table) is view_json.cpp's job.
#include <nlohmann/json.hpp>

#include "core/json_field.h"
#include "core/param_json.h"
#include "core/result_json.h"
#include "core/view_json.h"
#include "warpscope/kernel_source.h"
#include "warpscope/params.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

using nlohmann::json;

/// 3: named choices in params as their names ("pattern": "odd-even"). 2: views of every kind as
/// {id, title, kind, <kind metadata>, table}, params all numbers. 1: xy views only, with
/// series[].points[]. Every version is still read (older exports and resources/recordings);
/// params read as numbers or names in any of them. resources/schema/warpscope-run.schema.json
/// describes the version written.
constexpr int kSchemaVersion = 3;

}  // namespace

json resultToJson(const RunResult& result, JsonForm form) {
    json scalars = json::array();
    for (const auto& s : result.scalars)
      scalars.push_back({{"id", s.id}, {"label", s.label}, {"value", s.value}, {"unit", s.unit}});
    json views = json::array();
    for (const auto& v : result.views) views.push_back(viewToJson(v, form));
    json params = paramsToJson(result.labId, result.params, result.kernel);
    // The same names again, as version 2 wrote them beside the numbers: kept for its readers.
    json paramNames = result.paramNames;
    for (const auto& [id, value] : params.items())
      if (value.is_string()) paramNames[id] = value;
    json doc = {
        {"schema", "warpscope-result"},
        {"schema_version", kSchemaVersion},
        {"lab", result.labId},
        {"device_id", result.deviceId},
        {"device_name", result.deviceName},
        {"provenance", result.provenance == Provenance::Measured ? "measured" : "simulated"},
        {"banner", result.banner()},
        {"focus_only", result.focusOnly},
        {"elapsed_seconds", result.elapsedSeconds},
        {"params", std::move(params)},
        {"param_names", std::move(paramNames)},
        {"scalars", scalars},
        {"views", views},
        {"notes", result.notes},
    };
    // Only a result served from a recording has the date; other documents stay as they were.
    if (!result.recordedOn.empty()) doc["recorded_on"] = result.recordedOn;
    // A run of the user's own kernel keeps it: its header is the declaration of its params.
    if (!result.kernel.empty()) doc["kernel"] = {{"file", result.kernel.fileName}, {"source", result.kernel.text}};
    return doc;
}

namespace {

class JsonWriter final : public ResultWriter {
 public:
  void write(const RunResult& result, std::ostream& out) const override {
    out << resultToJson(result).dump(2) << '\n';
  }
  [[nodiscard]] std::string fileExtension() const override { return "json"; }
};

}  // namespace

std::unique_ptr<ResultWriter> makeJsonWriter() { return std::make_unique<JsonWriter>(); }

RunResult readResultJson(const std::string& text) { return resultFromJson(parseBoundedJson(text, "result JSON")); }

RunResult resultFromJson(const json& doc, JsonForm form) {
  if (textField(doc, "schema", "document") != "warpscope-result")
    throw BadInputError("result JSON: 'schema' is not \"warpscope-result\"");
  RunResult result;
  result.labId = textField(doc, "lab", "document");
  result.deviceId = textField(doc, "device_id", "document");
  result.deviceName = textField(doc, "device_name", "document");
  const auto provenance = textField(doc, "provenance", "document");
  if (provenance != "measured" && provenance != "simulated")
    throw BadInputError("result JSON: 'provenance' must be \"measured\" or \"simulated\"");
  result.provenance = provenance == "measured" ? Provenance::Measured : Provenance::Simulated;
  result.focusOnly = optionalField(doc, "focus_only", "document", false);
  if (doc.contains("kernel")) {
    // The user's kernel, read as hostile as the file it came in (a kernel file's own bounds).
    const json& kernel = member(doc, "kernel", "document");
    result.kernel.fileName = textField(kernel, "file", "kernel");
    result.kernel.text = field<std::string>(kernel, "source", "kernel");
    if (result.kernel.text.size() > kMaxKernelFileBytes || result.kernel.text.find('\0') != std::string::npos)
      throw BadInputError("result JSON: its kernel's source is not a kernel file (larger than " +
                          std::to_string(kMaxKernelFileBytes / 1024) + " KiB, or holding a NUL byte)");
  }
  result.elapsedSeconds = optionalField(doc, "elapsed_seconds", "document", 0.0);
  requireAtMost(doc, "params", "document", kMaxParams, "parameters");
  requireAtMost(doc, "param_names", "document", kMaxParams, "parameter names");
  result.params = paramsFromJson(result.labId, member(doc, "params", "document"), "document", result.kernel);
  if (doc.contains("param_names"))
    result.paramNames = textMapField(doc, "param_names", "document");
  // The names params gives (version 3) are the ones its numbers were read from: they win.
  for (const auto& [id, value] : member(doc, "params", "document").items())
    if (value.is_string())
      result.paramNames[boundedText(id, kMaxLabelChars)] = boundedText(value.get<std::string>(), kMaxLabelChars);
  for (const auto& s : boundedArrayField(doc, "scalars", "document", kMaxScalars, "scalars"))
    result.scalars.push_back({textField(s, "id", "a scalar"), textField(s, "label", "a scalar"),
                              field<double>(s, "value", "a scalar"), textField(s, "unit", "a scalar")});
  // The views' layout is the only thing that differs between versions, so the version is
  // checked just before them (a file missing its device fields is refused for those first).
  const int version = versionField(doc, "schema_version", "document");
  if (version < 1 || version > kSchemaVersion)
    throw BadInputError("result JSON: schema_version " + std::to_string(version) +
                        " is not one this build reads (1, 2, 3)");
  for (const auto& v : boundedArrayField(doc, "views", "document", kMaxViews, "views"))
    result.views.push_back(version == 1 ? viewFromJsonV1(v) : viewFromJson(v, form));
  requireAtMost(doc, "notes", "document", kMaxNotes, "notes");
  result.notes = optionalField(doc, "notes", "document", std::vector<std::string>{});
  for (auto& note : result.notes) note = boundedText(std::move(note), kMaxNoteChars);
  result.recordedOn = optionalTextField(doc, "recorded_on", "document", std::string());
  return result;
}

}  // namespace warpscope
