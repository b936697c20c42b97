#pragma once
/// \file lectures.h
/// Lectures: ordered lists of presets, one per seed, kept as data (resources/lectures/*.json).
/// A preset lives in its lab's declaration (LabSpec::presets); a lecture only names it.

#include <string>
#include <vector>

#include "warpscope/lab.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"

namespace warpscope {

struct Lecture {
  std::string id;      ///< e.g. "volkov-lower-occupancy".
  std::string title;   ///< e.g. "Better Performance at Lower Occupancy (Volkov, GTC 2010)".
  std::string source;  ///< The seed it follows, e.g. "seed 000, second talk".
  std::vector<std::string> presetIds;  ///< In the order the slides come.
};

/// A preset with the lab that declares it.
struct PresetRef {
  const LabSpec* lab = nullptr;
  const PresetSpec* preset = nullptr;
  explicit operator bool() const { return preset != nullptr; }
};

/// Every preset of every lab, in lab order then declaration order.
std::vector<PresetRef> allPresets(const LabRegistry& registry);
/// The preset with this id in any lab, or an empty ref.
PresetRef findPreset(const LabRegistry& registry, const std::string& presetId);
/// findPreset or BadInputError naming the unknown id and where to list the known ones.
PresetRef getPreset(const LabRegistry& registry, const std::string& presetId);
/// The lab's defaults with the preset's settings applied, then `overrides` ("name=value", the
/// user's --set) on top. Throws BadInputError naming the preset for a setting of its own the lab
/// does not accept, or naming the parameter for a bad override.
ParamSet presetParams(const LabSpec& lab, const PresetSpec& preset, const std::vector<std::string>& overrides = {});

/// Reads one lecture file: {"format": "warpscope-lecture", "version": 1, "id", "title",
/// "source", "presets": [ids]}. Throws BadInputError naming `where` and the first problem.
/// Whether the preset ids exist is checked by validateLecture, not here.
Lecture parseLectureJson(const std::string& text, const std::string& where);
/// Throws BadInputError naming the lecture and the first preset id no lab declares.
void validateLecture(const LabRegistry& registry, const Lecture& lecture);

class LectureLibrary {
 public:
  /// The lectures shipped in resources/lectures, sorted by file name; parsed once.
  static const LectureLibrary& builtin();

  [[nodiscard]] const std::vector<Lecture>& lectures() const { return lectures_; }
  [[nodiscard]] const Lecture* find(const std::string& id) const;
  /// find() or BadInputError listing the known lecture ids.
  [[nodiscard]] const Lecture& get(const std::string& id) const;

  void add(Lecture lecture) { lectures_.push_back(std::move(lecture)); }

 private:
  std::vector<Lecture> lectures_;
};

}  // namespace warpscope
