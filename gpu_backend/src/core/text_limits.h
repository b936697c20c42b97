#pragma once
// How much text a file a user opens may put on screen (issue 29): a 100,000-character view title
// made Qt Charts' truncatedText allocate until the window aborted. The readers (view_json.cpp,
// json_writer.cpp, recording.cpp, recording_index.cpp) cut every text they read to these limits
// before it reaches anything else; a cut text says so at its end, so nothing is hidden silently.
#include <cstddef>
#include <string>

namespace warpscope {

/// Titles, axis labels, units, series and category names, ids, device names: one line on screen.
inline constexpr std::size_t kMaxLabelChars = 200;
/// A note, a device's sources: a paragraph.
inline constexpr std::size_t kMaxNoteChars = 4096;

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

}  // namespace warpscope
