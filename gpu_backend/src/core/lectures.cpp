#include "warpscope/lectures.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "core/id_list.h"
#include "core/result_json.h"
#include "warpscope/kernel_source.h"
#include "warpscope_resources/embedded_lectures.h"

namespace warpscope {

namespace {

constexpr const char* kLectureFormat = "warpscope-lecture";
constexpr int kPresetsVersion = 1;  ///< "presets": lab presets only
constexpr int kSlidesVersion = 2;   ///< "slides": lab presets and own slides
// A lecture file is read as hostile: every text and list bounded.
constexpr std::size_t kMaxTitleChars = 200;
constexpr std::size_t kMaxTextChars = 2000;
constexpr std::size_t kMaxSlides = 200;
constexpr std::size_t kMaxSettings = 64;

std::string stringField(const nlohmann::json& doc, const char* name, const std::string& where,
                        std::size_t maxChars = kMaxTitleChars) {
  if (!doc.contains(name) || !doc.at(name).is_string() || doc.at(name).get<std::string>().empty())
    throw BadInputError(where + ": field '" + name + "' is missing or not a non-empty string");
  std::string text = doc.at(name).get<std::string>();
  if (text.size() > maxChars)
    throw BadInputError(where + ": field '" + name + "' is " + std::to_string(text.size()) + " characters (at most " +
                        std::to_string(maxChars) + ")");
  return text;
}

std::string optionalString(const nlohmann::json& doc, const char* name, const std::string& where,
                           std::size_t maxChars = kMaxTextChars) {
  if (!doc.contains(name)) return {};
  if (!doc.at(name).is_string()) throw BadInputError(where + ": field '" + name + "' is not a string");
  return stringField(doc, name, where, maxChars);
}

std::vector<std::string> stringList(const nlohmann::json& doc, const char* name, const std::string& where,
                                    std::size_t maxItems, std::size_t maxChars) {
  std::vector<std::string> items;
  if (!doc.contains(name)) return items;
  const auto& list = doc.at(name);
  if (!list.is_array() || list.size() > maxItems)
    throw BadInputError(where + ": field '" + name + "' must be a list of at most " + std::to_string(maxItems) + " texts");
  for (const auto& item : list) {
    if (!item.is_string() || item.get<std::string>().empty() || item.get<std::string>().size() > maxChars)
      throw BadInputError(where + ": every entry of '" + name + "' must be a text of 1 to " + std::to_string(maxChars) +
                          " characters");
    items.push_back(item.get<std::string>());
  }
  return items;
}

/// {"file": "name.cu", "text": "..."}: read as a kernel file is (kernel_source.h), and the name
/// a bare file name (it is shown on charts and matched by recordings, never opened).
KernelSource parseSlideKernel(const nlohmann::json& item, const std::string& where) {
  if (!item.is_object()) throw BadInputError(where + ": 'kernel' must be an object {\"file\", \"text\"}");
  KernelSource kernel;
  kernel.fileName = stringField(item, "file", where + ", kernel");
  if (kernel.fileName.find_first_of("/\\") != std::string::npos || kernel.fileName == "." || kernel.fileName == "..")
    throw BadInputError(where + ": the kernel's 'file' must be a file name, not a path");
  if (std::any_of(kernel.fileName.begin(), kernel.fileName.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
    throw BadInputError(where + ": the kernel's 'file' holds a control character");
  kernel.text = stringField(item, "text", where + ", kernel", kMaxKernelFileBytes);
  if (kernel.text.find('\0') != std::string::npos)
    throw BadInputError(where + ": the kernel's text holds a NUL byte: not a CUDA source");
  return kernel;
}

OwnSlide parseOwnSlide(const nlohmann::json& item, const std::string& where, std::size_t number) {
  OwnSlide slide;
  slide.labId = stringField(item, "lab", where);
  PresetSpec& p = slide.preset;
  p.id = "own-" + std::to_string(number);
  p.title = stringField(item, "title", where);
  p.claim = stringField(item, "claim", where, kMaxTextChars);
  p.lookAt = optionalString(item, "look_at", where);
  p.source = optionalString(item, "source", where);
  p.settings = stringList(item, "settings", where, kMaxSettings, kMaxTitleChars);
  p.view = stringField(item, "view", where);
  if (item.contains("animation_at")) {
    if (!item.at("animation_at").is_number()) throw BadInputError(where + ": 'animation_at' is not a number");
    p.animationAt = item.at("animation_at").get<double>();
    if (!(p.animationAt >= 0 && p.animationAt <= 1)) throw BadInputError(where + ": 'animation_at' must lie in [0, 1]");
  }
  p.question = optionalString(item, "question", where);
  for (const std::string& text : stringList(item, "answers", where, 4, kMaxTitleChars)) p.answers.push_back({.text = text});
  p.notes = optionalString(item, "notes", where);
  if (item.contains("kernel")) slide.kernel = parseSlideKernel(item.at("kernel"), where);
  return slide;
}

/// The declaration an own slide's kernel makes of its lab (a user's kernel: the header's
/// parameters and views); null for a slide of any other lab. A slide of a user's kernel that
/// carries none is of the example the lab opens with (LabSpec::kernel), as the lab list's entry is.
/// Throws BadInputError for a kernel on a lab that takes none, or a header that declares no lab.
std::shared_ptr<const LabSpec> kernelDeclaration(const labs::LabDefinition& lab, const OwnSlide& own) {
  if (!lab.specForRequest) {
    if (own.kernel.empty()) return nullptr;
    throw BadInputError("lab " + lab.spec.id + " runs its own kernels: a slide of it carries none");
  }
  if (own.kernel.empty()) return std::make_shared<const LabSpec>(lab.spec);
  RunRequest request;
  request.labId = lab.spec.id;
  request.kernel = own.kernel;
  return std::make_shared<const LabSpec>(lab.specFor(request));
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
  // Nesting and size bounded before anything is built (a user's lecture file is hostile).
  const nlohmann::json doc = parseBoundedJson(text, where);
  if (!doc.is_object()) throw BadInputError(where + ": a lecture is a JSON object");
  if (stringField(doc, "format", where) != kLectureFormat)
    throw BadInputError(where + ": format is not '" + std::string(kLectureFormat) + "'");
  const long long version = doc.contains("version") && doc.at("version").is_number_integer() ? doc.at("version").get<long long>() : 0;
  if (version != kPresetsVersion && version != kSlidesVersion)
    throw BadInputError(where + ": version must be " + std::to_string(kPresetsVersion) + " or " + std::to_string(kSlidesVersion));
  Lecture lecture;
  lecture.id = stringField(doc, "id", where);
  if (lecture.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") != std::string::npos)
    throw BadInputError(where + ": the id '" + lecture.id + "' may hold only a-z, 0-9, '-' and '_'");
  lecture.title = stringField(doc, "title", where);
  lecture.source = stringField(doc, "source", where, kMaxTextChars);
  const char* list = version == kPresetsVersion ? "presets" : "slides";
  if (!doc.contains(list) || !doc.at(list).is_array() || doc.at(list).empty() || doc.at(list).size() > kMaxSlides)
    throw BadInputError(where + ": field '" + list + "' must be a list of 1 to " + std::to_string(kMaxSlides) + " slides");
  for (const auto& item : doc.at(list)) {
    if (item.is_string() && !item.get<std::string>().empty() && item.get<std::string>().size() <= kMaxTitleChars) {
      lecture.presetIds.push_back(item.get<std::string>());
    } else if (version == kSlidesVersion && item.is_object()) {
      const std::string at = where + ", slide " + std::to_string(lecture.presetIds.size() + 1);
      lecture.ownSlides.push_back(parseOwnSlide(item, at, lecture.ownSlides.size() + 1));
      lecture.presetIds.push_back(lecture.ownSlides.back().preset.id);
    } else {
      throw BadInputError(where + ": every entry of '" + list + "' must be a preset id" +
                          (version == kSlidesVersion ? " or a slide (an object)" : std::string()));
    }
  }
  return lecture;
}

PresetRef lectureSlide(const LabRegistry& registry, const Lecture& lecture, std::size_t index) {
  if (index >= lecture.presetIds.size()) return {};
  const std::string& id = lecture.presetIds[index];
  for (const OwnSlide& own : lecture.ownSlides)
    if (own.preset.id == id) {
      const labs::LabDefinition* lab = registry.definition(own.labId);
      if (!lab) return {};
      try {
        std::shared_ptr<const LabSpec> declared = kernelDeclaration(*lab, own);
        if (!declared) return {&lab->spec, &own.preset};
        const LabSpec* spec = declared.get();
        return {spec, &own.preset, std::move(declared)};
      } catch (const BadInputError&) {
        return {};  // validateLecture says why
      }
    }
  return findPreset(registry, id);
}

RunRequest slideRequest(const PresetRef& slide, const std::string& deviceId) {
  RunRequest request;
  request.labId = slide.lab->id;
  request.deviceId = deviceId;
  request.params = presetParams(*slide.lab, *slide.preset);
  // An instructor's own slide is no preset of its lab: its request names none.
  if (slide.lab->findPreset(slide.preset->id)) request.presetId = slide.preset->id;
  if (slide.kernelLab) request.kernel = slide.lab->kernel;
  return request;
}

void validateLecture(const LabRegistry& registry, const Lecture& lecture) {
  for (const OwnSlide& own : lecture.ownSlides) {
    const std::string where = "lecture '" + lecture.id + "', slide '" + own.preset.title + "'";
    const labs::LabDefinition* definition = registry.definition(own.labId);
    if (!definition) throw BadInputError(where + ": no lab '" + own.labId + "'");
    std::shared_ptr<const LabSpec> declared;
    try {
      declared = kernelDeclaration(*definition, own);
    } catch (const BadInputError& e) {
      throw BadInputError(where + ", kernel " + own.kernel.fileName + ": " + e.what());
    }
    const LabSpec* lab = declared ? declared.get() : &definition->spec;
    try {
      (void)parseAssignments(lab->params, own.preset.settings);
    } catch (const BadInputError& e) {
      // A hand-edited file that lost its "kernel" is read as a slide of the lab's example: say so.
      const std::string hint = declared && own.kernel.empty()
                                   ? " (the slide carries no \"kernel\", so it is of the example " + lab->kernel.fileName + ")"
                                   : std::string();
      throw BadInputError(where + ": " + e.what() + hint);
    }
    bool viewKnown = false;
    for (const ViewSpec& v : lab->views) viewKnown = viewKnown || v.id == own.preset.view;
    if (!viewKnown) throw BadInputError(where + ": lab " + lab->id + " has no view '" + own.preset.view + "'");
  }
  for (std::size_t i = 0; i < lecture.presetIds.size(); ++i)
    if (!lectureSlide(registry, lecture, i))
      throw BadInputError("lecture '" + lecture.id + "' names preset '" + lecture.presetIds[i] + "', which no lab declares");
}

std::string lectureToJson(const Lecture& lecture) {
  nlohmann::json doc;
  doc["format"] = kLectureFormat;
  doc["version"] = lecture.ownSlides.empty() ? kPresetsVersion : kSlidesVersion;
  doc["id"] = lecture.id;
  doc["title"] = lecture.title;
  doc["source"] = lecture.source;
  nlohmann::json slides = nlohmann::json::array();
  for (const std::string& id : lecture.presetIds) {
    const auto own = std::find_if(lecture.ownSlides.begin(), lecture.ownSlides.end(),
                                  [&](const OwnSlide& s) { return s.preset.id == id; });
    if (own == lecture.ownSlides.end()) {
      slides.push_back(id);
      continue;
    }
    const PresetSpec& p = own->preset;
    nlohmann::json slide = {{"lab", own->labId}, {"title", p.title}, {"claim", p.claim}, {"settings", p.settings}, {"view", p.view}};
    if (!p.lookAt.empty()) slide["look_at"] = p.lookAt;
    if (!p.source.empty()) slide["source"] = p.source;
    if (p.animationAt >= 0) slide["animation_at"] = p.animationAt;
    if (!p.question.empty()) slide["question"] = p.question;
    if (!p.answers.empty()) {
      nlohmann::json answers = nlohmann::json::array();
      for (const PresetAnswer& a : p.answers) answers.push_back(a.text);
      slide["answers"] = answers;
    }
    if (!p.notes.empty()) slide["notes"] = p.notes;
    if (!own->kernel.empty()) slide["kernel"] = {{"file", own->kernel.fileName}, {"text", own->kernel.text}};
    slides.push_back(slide);
  }
  doc[lecture.ownSlides.empty() ? "presets" : "slides"] = slides;
  return doc.dump(2) + "\n";
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

Lecture* LectureLibrary::findOwn(const std::string& id) {
  for (Lecture& lecture : lectures_)
    if (lecture.id == id && !lecture.file.empty()) return &lecture;
  return nullptr;
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
