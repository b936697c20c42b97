#pragma once
// Lectures of own slides of the shipped example kernels (issue 33), as Lecture > Add this view as a
// slide makes them: each slide carries its kernel's text. For the tests of handouts, launch
// options, predictions and `lectures --check`.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "warpscope/lectures.h"
#include "warpscope/registry.h"

namespace warpscope::test {

/// An own slide of the example `exampleFile` (reduction.cu, transpose.cu, stencil.cu, as the lab
/// embeds it) at `settings`, on `view`; its id, title and claim to be set by the caller as needed.
inline OwnSlide exampleKernelSlide(const std::string& exampleFile, std::vector<std::string> settings, std::string view) {
  const labs::LabDefinition* lab = LabRegistry::builtin().userKernelLab();
  if (!lab) throw std::logic_error("no user-kernel lab");
  OwnSlide slide;
  slide.labId = lab->spec.id;
  for (KernelSource& example : lab->exampleKernels())
    if (example.fileName == exampleFile) slide.kernel = std::move(example);
  if (slide.kernel.empty()) throw std::logic_error("no example kernel " + exampleFile);
  slide.preset.id = "own-1";
  slide.preset.title = exampleFile + " at " + (settings.empty() ? std::string("its defaults") : settings.front());
  slide.preset.claim = "A claim about " + exampleFile + ".";
  slide.preset.settings = std::move(settings);
  slide.preset.view = std::move(view);
  return slide;
}

/// The lecture "my-kernels" ("My kernels") of `slides`, in order, their ids made own-1, own-2, ...
inline Lecture kernelSlidesLecture(std::vector<OwnSlide> slides) {
  Lecture lecture;
  lecture.id = "my-kernels";
  lecture.title = "My kernels";
  lecture.source = "Made in Warpscope";
  for (std::size_t i = 0; i < slides.size(); ++i) {
    slides[i].preset.id = "own-" + std::to_string(i + 1);
    lecture.presetIds.push_back(slides[i].preset.id);
  }
  lecture.ownSlides = std::move(slides);
  return lecture;
}

}  // namespace warpscope::test
