#pragma once
/// \file handout.h
/// A lecture on paper (issue 30): a PDF with a cover (lecture, device, date, Warpscope version)
/// and one page a slide: its title, claim, figure (as vectors, drawn by the renderer the window
/// uses), what to look at, the verdict with its numbers, the question with the answer the data
/// gave, and the source slide. Optionally, before the slides, a page a slide of empty prediction
/// boxes for students to fill in before class. The PDF carries every slide's run in its metadata,
/// in page order: `warpscope HANDOUT.pdf --page N` reopens the figure of page N like an exported one.
///
/// The runs come from recordings `warpscope-cli handout` made of the slides on the device asked
/// for (readHandoutRuns): the GUI program never runs a lab itself.

#include <QString>

#include <optional>
#include <vector>

#include "warpscope/lectures.h"
#include "warpscope/recording.h"

namespace warpscope::ui {

struct HandoutSlide {
  PresetRef slide;
  std::optional<Recording> run;  ///< The slide's run; empty: `problem` says why.
  QString problem;
};

struct HandoutInput {
  const Lecture* lecture = nullptr;
  std::vector<HandoutSlide> slides;
  bool predictionBoxes = false;
};

/// The runs `warpscope-cli handout` left in `dir`: NN.wsrec for slide NN (from 01), read as
/// hostile; a missing or broken one leaves that slide's problem, naming the file.
HandoutInput readHandoutRuns(const Lecture& lecture, const LabRegistry& registry, const QString& dir);

/// Writes the handout to `path` (atomically: the old file survives a failure). Returns "" or the
/// problem, naming the file; `pages` gets the page count.
QString writeHandout(const HandoutInput& input, const QString& path, int* pages = nullptr);

}  // namespace warpscope::ui
