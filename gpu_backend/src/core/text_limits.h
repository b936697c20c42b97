#pragma once
// How much a file a user opens may put on screen: texts, cut, and counts, refused (issue 29): a 100,000-character view title
// made Qt Charts' truncatedText allocate until the window aborted. The readers (view_json.cpp,
// json_writer.cpp, recording.cpp, recording_index.cpp) cut every text they read to these limits
// before it reaches anything else; a cut text says so at its end, so nothing is hidden silently.
#include <cstddef>
#include <string>

namespace warpscope {

/// Titles, axis labels, units, series and category names, ids, device names: one line on screen.
inline constexpr std::size_t kMaxLabelChars = 200;
/// A note, a device's sources: a paragraph (the shipped recordings' longest note: 914).
inline constexpr std::size_t kMaxNoteChars = 2048;

/// `text` with at most `maxChars` characters (UTF-8 code points; a multi-byte character is never
/// split), then, when anything was cut, " [... N more characters cut]". Unchanged when it fits.
inline std::string boundedText(std::string text, std::size_t maxChars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // a continuation byte
    if (chars++ < maxChars) continue;
    std::size_t more = 0;
    for (std::size_t j = i; j < text.size(); ++j) more += (static_cast<unsigned char>(text[j]) & 0xC0) != 0x80;
    text.resize(i);
    return text + " [... " + std::to_string(more) + " more characters cut]";
  }
  return text;
}

/// How many things of a kind a file may declare (issue 29: 100,000 scalars or 20,000 notes kept the
/// window laying out text for minutes, 5,000 xy series took 74 s). The shipped recordings' largest
/// are 47 scalars, 25 notes, 7 views, 9 series or categories, 16 timeline rows, 11 parameters; a
/// file declaring more than these is refused by name, not cut (a lab's scalars are looked up by id).
/// With the numbers as rich text the window laid out a scalar in about 4 ms and a note's text at
/// about 4 us a character: 200 scalars and 50 notes at their limit opened in 1.4 s; as a figure
/// grid (ui/figure_grid.h) in 0.17 s (offscreen, OpenFileWindow.TheMostAFileMayDeclareOpensInSeconds).
/// xy series cost little: 256 open in 0.4 s.
inline constexpr std::size_t kMaxScalars = 200;
inline constexpr std::size_t kMaxNotes = 50;
inline constexpr std::size_t kMaxViews = 64;
inline constexpr std::size_t kMaxParams = 256;       ///< parameters and their names
inline constexpr std::size_t kMaxSeries = 256;       ///< an xy or bars view's series
/// A bars view costs the window about 0.8 ms a bar and 0.8 ms a category (offscreen, measured by
/// OpenFileWindow.TheMostBarsAViewMayDeclareOpenInSeconds: 8 x 256 bars open in 1.7 s; 64 x 250
/// took 15 s). The shipped recordings' most: 9 x 9.
inline constexpr std::size_t kMaxCategories = 256;  ///< a bars view's categories
inline constexpr std::size_t kMaxBars = 2048;       ///< a bars view's series x categories
inline constexpr std::size_t kMaxTimelineRows = 4096;
inline constexpr std::size_t kMaxLegendEntries = 256;  ///< span kinds, cell states, grid levels
/// A listing's lines (a kernel's SASS: the shipped examples' longest variant has a few hundred).
/// The window paints only the lines in sight, so the bound is the file's size, not the drawing's.
inline constexpr std::size_t kMaxListingLines = 20000;

}  // namespace warpscope
