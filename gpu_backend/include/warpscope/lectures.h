#pragma once
/// \file lectures.h
/// Lectures: ordered lists of presets, one per seed, kept as data (resources/lectures/*.json).
/// A preset lives in its lab's declaration (LabSpec::presets); a lecture only names it.

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "warpscope/lab.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"

namespace warpscope {

/// A slide an instructor made (Lecture > Add this view as a slide...): one lab's parameters, view
/// and moment, with the instructor's own words. It declares no claim checks, so its verdict is
/// "no check declared" and a reveal marks no answer. A slide of the user's own kernel (issue 33)
/// carries the kernel's text: the lecture file is all a class needs, and its parameters, views
/// and controls are the kernel header's.
struct OwnSlide {
  std::string labId;
  PresetSpec preset;  ///< id "own-N", unique in its lecture; settings "name=value" over the lab's defaults
  KernelSource kernel;  ///< The kernel of a lab whose kernel the user supplies; empty for every other lab.
};

struct Lecture {
  std::string id;      ///< e.g. "volkov-lower-occupancy".
  std::string title;   ///< e.g. "Better Performance at Lower Occupancy (Volkov, GTC 2010)".
  std::string source;  ///< The seed it follows, e.g. "seed 000, second talk".
  std::vector<std::string> presetIds;  ///< In the order the slides come: lab presets and own slides' ids.
  std::vector<OwnSlide> ownSlides;     ///< The lecture's own slides (a user's lecture).
  std::string file;                    ///< Where a user's lecture was read from; empty for a shipped one.
};

/// A preset with the lab that declares it.
struct PresetRef {
  const LabSpec* lab = nullptr;
  const PresetSpec* preset = nullptr;
  /// An own slide of a user's kernel: the declaration built from its kernel, which `lab` points
  /// into (held here, so the ref and its copies keep it alive). Null for every other slide.
  std::shared_ptr<const LabSpec> kernelLab;
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

/// The slide at `index` of `lecture`: a lab's preset, or one of the lecture's own slides (an
/// empty ref when it names neither, or when its kernel's header no longer declares a lab).
PresetRef lectureSlide(const LabRegistry& registry, const Lecture& lecture, std::size_t index);
/// The full sweep `slide` shows on `deviceId`: its lab, its parameters, the preset's id when it is
/// one of its lab's presets, and the kernel of a user's kernel slide.
RunRequest slideRequest(const PresetRef& slide, const std::string& deviceId);

/// Reads one lecture file: {"format": "warpscope-lecture", "version": 1, "id", "title",
/// "source", "presets": [ids]}, or version 2 with "slides": [a preset id, or an own slide
/// {"lab", "settings": ["name=value"], "view", "animation_at", "title", "claim", "look_at",
/// "question", "answers": [text], "notes", "kernel": {"file", "text"}}]. Every text is bounded (a
/// kernel's as a kernel file is: kernel_source.h). Throws BadInputError naming
/// `where` and the first problem. Whether ids, labs, parameters and views exist is validateLecture's.
Lecture parseLectureJson(const std::string& text, const std::string& where);
/// Throws BadInputError naming the lecture and the first preset id no lab declares, or the own
/// slide whose lab, kernel, parameters, view or moment the labs do not accept.
void validateLecture(const LabRegistry& registry, const Lecture& lecture);
/// The lecture as a file parseLectureJson reads back (version 2 when it has own slides).
std::string lectureToJson(const Lecture& lecture);

class LectureLibrary {
 public:
  /// The lectures shipped in resources/lectures, sorted by file name; parsed once.
  static const LectureLibrary& builtin();

  /// A deque: adding a lecture (an instructor's own) keeps every other one where it is, so a
  /// lecture open in the window stays valid.
  [[nodiscard]] const std::deque<Lecture>& lectures() const { return lectures_; }
  [[nodiscard]] const Lecture* find(const std::string& id) const;
  /// find() or BadInputError listing the known lecture ids.
  [[nodiscard]] const Lecture& get(const std::string& id) const;

  void add(Lecture lecture) { lectures_.push_back(std::move(lecture)); }
  /// A user's lecture to edit (adding, moving or removing its slides); null for an unknown id or
  /// a shipped lecture.
  [[nodiscard]] Lecture* findOwn(const std::string& id);

 private:
  std::deque<Lecture> lectures_;
};

}  // namespace warpscope
