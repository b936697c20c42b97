#include "warpscope/lectures.h"

#include <nlohmann/json.hpp>

#include "core/id_list.h"
#include "warpscope_resources/embedded_lectures.h"

namespace warpscope {

namespace {

constexpr const char* kLectureFormat = "warpscope-lecture";
constexpr int kLectureVersion = 1;

std::string stringField(const nlohmann::json& doc, const char* name, const std::string& where) {
  if (!doc.contains(name) || !doc.at(name).is_string() || doc.at(name).get<std::string>().empty())
    throw BadInputError(where + ": field '" + name + "' is missing or not a non-empty string");
  return doc.at(name).get<std::string>();
}

}  // namespace

std::vector<PresetRef> allPresets(const LabRegistry& registry) {
  std::vector<PresetRef> presets;
  for (const LabSpec& lab : registry.labs())
    for (const PresetSpec& preset : lab.presets) presets.push_back({&lab, &preset});
  return presets;
}

PresetRef findPreset(const LabRegistry& registry, const std::string& presetId) {
  for (const LabSpec& lab : registry.labs())
    if (const PresetSpec* preset = lab.findPreset(presetId)) return {&lab, preset};
  return {};
}

PresetRef getPreset(const LabRegistry& registry, const std::string& presetId) {
  if (PresetRef ref = findPreset(registry, presetId)) return ref;
  throw BadInputError("unknown preset '" + presetId + "' (warpscope-cli lectures lists every preset)");
}

ParamSet presetParams(const LabSpec& lab, const PresetSpec& preset, const std::vector<std::string>& overrides) {
  ParamSet own;
  try {
    own = parseAssignments(lab.params, preset.settings);
  } catch (const BadInputError& e) {
    throw BadInputError("preset '" + preset.id + "' of lab " + lab.id + ": " + e.what());
  }
  if (overrides.empty()) return own;
  std::vector<std::string> all = preset.settings;
  all.insert(all.end(), overrides.begin(), overrides.end());
  return parseAssignments(lab.params, all);
}

Lecture parseLectureJson(const std::string& text, const std::string& where) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw BadInputError(where + ": not valid JSON (" + e.what() + ")");
  }
  if (!doc.is_object()) throw BadInputError(where + ": a lecture is a JSON object");
  if (stringField(doc, "format", where) != kLectureFormat)
    throw BadInputError(where + ": format is not '" + std::string(kLectureFormat) + "'");
  if (!doc.contains("version") || !doc.at("version").is_number_integer() ||
      doc.at("version").get<long long>() != kLectureVersion)
    throw BadInputError(where + ": version must be " + std::to_string(kLectureVersion));
  Lecture lecture;
  lecture.id = stringField(doc, "id", where);
  lecture.title = stringField(doc, "title", where);
  lecture.source = stringField(doc, "source", where);
  if (!doc.contains("presets") || !doc.at("presets").is_array() || doc.at("presets").empty())
    throw BadInputError(where + ": field 'presets' must be a non-empty array of preset ids");
  for (const auto& id : doc.at("presets")) {
    if (!id.is_string() || id.get<std::string>().empty())
      throw BadInputError(where + ": every entry of 'presets' must be a preset id (a string)");
    lecture.presetIds.push_back(id.get<std::string>());
  }
  return lecture;
}

void validateLecture(const LabRegistry& registry, const Lecture& lecture) {
  for (const std::string& id : lecture.presetIds)
    if (!findPreset(registry, id))
      throw BadInputError("lecture '" + lecture.id + "' names preset '" + id + "', which no lab declares");
}

const LectureLibrary& LectureLibrary::builtin() {
  static const LectureLibrary library = [] {
    LectureLibrary l;
    for (const auto& [fileName, text] : resources::embeddedLectures())
      l.add(parseLectureJson(std::string(text), "resources/lectures/" + std::string(fileName)));
    return l;
  }();
  return library;
}

const Lecture* LectureLibrary::find(const std::string& id) const {
  for (const Lecture& lecture : lectures_)
    if (lecture.id == id) return &lecture;
  return nullptr;
}

const Lecture& LectureLibrary::get(const std::string& id) const {
  if (const Lecture* lecture = find(id)) return *lecture;
  throw BadInputError("unknown lecture '" + id + "' (lectures: " +
                      joinIds(lectures_, [](const Lecture& l) { return l.id; }) + ")");
}

}  // namespace warpscope
