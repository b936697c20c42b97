// Finding the header in a kernel file and cutting it into `key: value` entries, with the bounds a
// hostile file meets first: its size, NUL bytes, the version, the header's length, each line's
// length, control characters and UTF-8.
#include <cstdio>
#include <string>

#include "core/utf8.h"
#include "labs/user_kernel/header_parts.h"
#include "labs/user_kernel/header_syntax.h"

namespace warpscope::labs::user_kernel {
namespace {

constexpr std::string_view kMagic = "warpscope-kernel";

std::vector<std::string_view> splitLines(std::string_view source) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= source.size()) {
    size_t end = source.find('\n', start);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  return lines;
}

/// The text after `//` when `line` is a comment line (after optional spaces), else a view with
/// data() == nullptr.
std::string_view commentText(std::string_view line) {
  const std::string_view rest = trim(line);
  if (!rest.starts_with("//")) return {};
  return rest.substr(2);
}
bool isComment(std::string_view line) { return commentText(line).data() != nullptr; }

bool isMagic(std::string_view line) {
  const std::string_view text = trim(commentText(line));
  if (commentText(line).data() == nullptr || !text.starts_with(kMagic)) return false;
  return text.size() == kMagic.size() || text[kMagic.size()] == ' ' || text[kMagic.size()] == '\t';
}

/// Length, control characters and UTF-8 of one header line.
void checkLine(int number, std::string_view line) {
  for (const char ch : line) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\t') || c == 0x7F) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", c);
      failAt(number, std::string("a control character (") + hex + ") in the header: only tabs are allowed");
    }
  }
  if (firstNonUtf8Byte(line) != std::string_view::npos) failAt(number, "the header is not valid UTF-8 text");
  if (utf8Chars(line) > kMaxLineChars)
    failAt(number, "the line is " + std::to_string(utf8Chars(line)) +
                       " characters long; a header line may have at most " + std::to_string(kMaxLineChars));
}

/// The magic line's version: `// warpscope-kernel 1`.
void checkVersion(int number, std::string_view line) {
  const std::string_view version = trim(trim(commentText(line)).substr(kMagic.size()));
  const bool digits =
      !version.empty() && version.size() <= 9 && version.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits)
    failAt(number, "`// warpscope-kernel` needs its version as a number: `// warpscope-kernel " +
                       std::to_string(kKernelHeaderVersion) + "`, not " + quoted(version));
  if (std::stoi(std::string(version)) != kKernelHeaderVersion)
    failAt(number, "this file's header is version " + std::string(version) + "; this Warpscope reads version " +
                       std::to_string(kKernelHeaderVersion));
}

/// Collapses runs of spaces and tabs in a key to one space.
std::string normalizedKey(std::string_view key) {
  std::string out;
  for (char c : key) {
    const bool space = c == ' ' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

HeaderEntry entryOf(int number, std::string_view text) {
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos || trim(text.substr(0, colon)).empty())
    failAt(number, "expected `key: value`, a blank `//` or a `// #` comment, not " + quoted(text));
  HeaderEntry entry;
  entry.line = number;
  entry.key = normalizedKey(text.substr(0, colon));
  entry.value = std::string(trim(text.substr(colon + 1)));
  for (const char* named : {"param", "buffer"}) {
    const std::string prefix = std::string(named) + " ";
    if (entry.key == named) failAt(number, "`" + std::string(named) + "` needs a name: `" + named + " NAME: ...`");
    if (!entry.key.starts_with(prefix)) continue;
    entry.name = entry.key.substr(prefix.size());
    entry.key = named;
    if (entry.name.find(' ') != std::string::npos)
      failAt(number, "`" + std::string(named) + "` takes one name, not " + quoted(entry.name));
  }
  return entry;
}

}  // namespace

HeaderBlock readHeaderBlock(std::string_view source) {
  if (source.size() > kMaxSourceBytes)
    failAt(0, "the file is " + std::to_string(source.size()) + " bytes; a kernel file may have at most " +
                  std::to_string(kMaxSourceBytes) + " (256 KiB)");
  const std::vector<std::string_view> lines = splitLines(source);
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].find('\0') != std::string_view::npos)
      failAt(static_cast<int>(i + 1), "a NUL byte: a kernel file is text");

  size_t first = 0;
  while (first < lines.size() && !isMagic(lines[first])) ++first;
  if (first == lines.size())
    failAt(0, "no `// warpscope-kernel " + std::to_string(kKernelHeaderVersion) +
                  "` header: a kernel file declares itself with a comment block that begins with that line "
                  "(docs/your-kernel.md)");
  const int firstNumber = static_cast<int>(first + 1);
  if (first > 0 && isComment(lines[first - 1]))
    failAt(firstNumber, "`// warpscope-kernel` must begin its comment block, and line " +
                            std::to_string(firstNumber - 1) + " is a comment too: leave a blank line above it");
  checkLine(firstNumber, lines[first]);
  checkVersion(firstNumber, lines[first]);

  HeaderBlock block;
  block.lines.first = firstNumber;
  size_t end = first + 1;
  for (; end < lines.size() && isComment(lines[end]); ++end) {
    const int number = static_cast<int>(end + 1);
    if (number - firstNumber >= kMaxHeaderLines)
      failAt(number, "the header is longer than " + std::to_string(kMaxHeaderLines) + " lines");
    checkLine(number, lines[end]);
    const std::string_view text = trim(commentText(lines[end]));
    if (text.empty() || text.front() == '#') continue;
    block.entries.push_back(entryOf(number, text));
  }
  block.lines.last = static_cast<int>(end);
  return block;
}

}  // namespace warpscope::labs::user_kernel
