#pragma once
// A PNG's iTXt chunk (PNG spec 11.3.4.5) holding text under a keyword: how a figure carries its
// run. Written after the image data so any PNG reader shows the image as before.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace warpscope::files {

bool isPng(std::string_view bytes);
/// The PNG with a zlib-compressed iTXt chunk `keyword` = `text` inserted before IEND. Throws
/// BadInputError when `png` is not a PNG ending in IEND.
std::string insertPngText(std::string_view png, const std::string& keyword, std::string_view text);
/// The text of the first iTXt chunk named `keyword`, inflated (at most maxBytes); nullopt when
/// there is none. Throws BadInputError naming the problem for a malformed PNG (a chunk running
/// past the end, a bad CRC) or chunk.
std::optional<std::string> findPngText(std::string_view png, const std::string& keyword, std::size_t maxBytes);

}  // namespace warpscope::files
