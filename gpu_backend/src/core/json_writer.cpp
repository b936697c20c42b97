// JSON form of a RunResult (and back). The schema is what `warpscope-cli run --format json`
// prints and what the GUI exports; recordings of real-GPU runs use it too.
#include <nlohmann/json.hpp>

#include "warpscope/params.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

using nlohmann::json;

constexpr int kSchemaVersion = 1;

json toJson(const View& view) {
  json series = json::array();
  for (const auto& s : view.series) {
    json points = json::array();
    for (const auto& p : s.points) points.push_back({{"x", p.x}, {"y", p.y}, {"y_min", p.yMin}, {"y_max", p.yMax}});
    series.push_back({{"name", s.name}, {"points", points}});
  }
  json out = {{"id", view.id},         {"title", view.title},       {"x_label", view.xLabel},
              {"y_label", view.yLabel}, {"y_max_hint", view.yMaxHint}, {"series", series}};
  if (view.hasFocus) out["focus"] = {{"series", view.focusSeries}, {"x", view.focusX}};
  return out;
}

class JsonWriter final : public ResultWriter {
 public:
  void write(const RunResult& result, std::ostream& out) const override {
    json scalars = json::array();
    for (const auto& s : result.scalars)
      scalars.push_back({{"id", s.id}, {"label", s.label}, {"value", s.value}, {"unit", s.unit}});
    json views = json::array();
    for (const auto& v : result.views) views.push_back(toJson(v));
    const json doc = {
        {"schema", "warpscope-result"},
        {"schema_version", kSchemaVersion},
        {"lab", result.labId},
        {"device_id", result.deviceId},
        {"device_name", result.deviceName},
        {"provenance", result.provenance == Provenance::Measured ? "measured" : "simulated"},
        {"banner", result.banner()},
        {"focus_only", result.focusOnly},
        {"elapsed_seconds", result.elapsedSeconds},
        {"params", result.params},
        {"scalars", scalars},
        {"views", views},
        {"notes", result.notes},
    };
    out << doc.dump(2) << '\n';
  }
  [[nodiscard]] std::string fileExtension() const override { return "json"; }
};

template <typename T>
T field(const json& object, const char* name, const std::string& where) {
  if (!object.is_object() || !object.contains(name))
    throw BadInputError("result JSON: missing field '" + std::string(name) + "' in " + where);
  try {
    return object.at(name).get<T>();
  } catch (const json::exception&) {
    throw BadInputError("result JSON: field '" + std::string(name) + "' in " + where + " has the wrong type");
  }
}

}  // namespace

std::unique_ptr<ResultWriter> makeJsonWriter() { return std::make_unique<JsonWriter>(); }

RunResult readResultJson(const std::string& text) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    throw BadInputError(std::string("result JSON is malformed: ") + e.what());
  }
  if (field<std::string>(doc, "schema", "document") != "warpscope-result")
    throw BadInputError("result JSON: 'schema' is not \"warpscope-result\"");
  RunResult result;
  result.labId = field<std::string>(doc, "lab", "document");
  result.deviceId = field<std::string>(doc, "device_id", "document");
  result.deviceName = field<std::string>(doc, "device_name", "document");
  const auto provenance = field<std::string>(doc, "provenance", "document");
  if (provenance != "measured" && provenance != "simulated")
    throw BadInputError("result JSON: 'provenance' must be \"measured\" or \"simulated\"");
  result.provenance = provenance == "measured" ? Provenance::Measured : Provenance::Simulated;
  result.focusOnly = doc.value("focus_only", false);
  result.elapsedSeconds = doc.value("elapsed_seconds", 0.0);
  result.params = field<std::map<std::string, double>>(doc, "params", "document");
  for (const auto& s : field<json>(doc, "scalars", "document"))
    result.scalars.push_back({field<std::string>(s, "id", "a scalar"), field<std::string>(s, "label", "a scalar"),
                              field<double>(s, "value", "a scalar"), field<std::string>(s, "unit", "a scalar")});
  for (const auto& v : field<json>(doc, "views", "document")) {
    View view;
    view.id = field<std::string>(v, "id", "a view");
    const std::string where = "view '" + view.id + "'";
    view.title = field<std::string>(v, "title", where);
    view.xLabel = field<std::string>(v, "x_label", where);
    view.yLabel = field<std::string>(v, "y_label", where);
    view.yMaxHint = v.value("y_max_hint", 0.0);
    for (const auto& s : field<json>(v, "series", where)) {
      Series series{field<std::string>(s, "name", where), {}};
      for (const auto& p : field<json>(s, "points", where + " series '" + series.name + "'"))
        series.points.push_back({field<double>(p, "x", where), field<double>(p, "y", where),
                                 field<double>(p, "y_min", where), field<double>(p, "y_max", where)});
      view.series.push_back(std::move(series));
    }
    if (v.contains("focus")) {
      view.hasFocus = true;
      view.focusSeries = field<std::string>(v["focus"], "series", where + " focus");
      view.focusX = field<double>(v["focus"], "x", where + " focus");
    }
    result.views.push_back(std::move(view));
  }
  result.notes = doc.value("notes", std::vector<std::string>{});
  return result;
}

}  // namespace warpscope
