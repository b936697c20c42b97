#include "files/png_text.h"

#include <zlib.h>

#include <cstdint>

#include "files/compression.h"
#include "warpscope/params.h"

namespace warpscope::files {
namespace {

constexpr std::string_view kSignature{"\x89PNG\r\n\x1a\n", 8};

std::uint32_t readU32(std::string_view bytes, std::size_t at) {
  const auto b = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[at + i])); };
  return b(0) << 24 | b(1) << 16 | b(2) << 8 | b(3);
}

void appendU32(std::string& out, std::uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((value >> shift) & 0xff);
}

std::uint32_t crcOf(std::string_view typeAndData) {
  return static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(typeAndData.data()), static_cast<uInt>(typeAndData.size())));
}

struct Chunk {
  std::string_view type;
  std::string_view data;
  std::size_t offset = 0;  ///< Where the chunk's length field starts.
};

/// Calls visit(chunk) for each chunk in order until it returns true; checks lengths and CRCs.
template <typename Visit>
void forEachChunk(std::string_view png, Visit visit) {
  if (!isPng(png)) throw BadInputError("not a PNG image");
  std::size_t at = kSignature.size();
  while (at < png.size()) {
    if (png.size() - at < 12) throw BadInputError("the PNG is truncated (a chunk header at byte " + std::to_string(at) + ")");
    const std::uint32_t length = readU32(png, at);
    if (length > png.size() - at - 12)
      throw BadInputError("the PNG is truncated (a chunk at byte " + std::to_string(at) + " runs past the end)");
    const Chunk chunk{png.substr(at + 4, 4), png.substr(at + 8, length), at};
    if (crcOf(png.substr(at + 4, 4 + length)) != readU32(png, at + 8 + length))
      throw BadInputError("the PNG's " + std::string(chunk.type) + " chunk at byte " + std::to_string(at) + " has a bad CRC");
    if (visit(chunk)) return;
    at += 12 + length;
  }
}

}  // namespace

bool isPng(std::string_view bytes) { return bytes.substr(0, kSignature.size()) == kSignature; }

std::string insertPngText(std::string_view png, const std::string& keyword, std::string_view text) {
  std::size_t iend = 0;
  forEachChunk(png, [&](const Chunk& chunk) {
    if (chunk.type != "IEND") return false;
    iend = chunk.offset;
    return true;
  });
  if (iend == 0) throw BadInputError("the PNG has no IEND chunk");
  // iTXt: keyword, NUL, compression flag 1, method 0 (zlib), empty language tag and translated
  // keyword (each NUL-terminated), then the zlib stream of the UTF-8 text.
  std::string typeAndData = "iTXt" + keyword;
  typeAndData += std::string("\0\x01\x00\0\0", 5);
  typeAndData += compress(text);
  std::string out(png.substr(0, iend));
  appendU32(out, static_cast<std::uint32_t>(typeAndData.size() - 4));
  out += typeAndData;
  appendU32(out, crcOf(typeAndData));
  out += png.substr(iend);
  return out;
}

std::optional<std::string> findPngText(std::string_view png, const std::string& keyword, std::size_t maxBytes) {
  std::optional<std::string> found;
  bool ended = false;
  forEachChunk(png, [&](const Chunk& chunk) {
    if (chunk.type == "IEND") {
      ended = true;
      return true;
    }
    if (chunk.type != "iTXt") return false;
    const std::size_t keywordEnd = chunk.data.find('\0');
    if (keywordEnd == std::string_view::npos || chunk.data.substr(0, keywordEnd) != keyword) return false;
    std::string_view rest = chunk.data.substr(keywordEnd + 1);
    if (rest.size() < 2) throw BadInputError("the PNG's iTXt chunk '" + keyword + "' is truncated");
    const bool compressed = rest[0] == 1;
    rest.remove_prefix(2);
    for (int field = 0; field < 2; ++field) {  // language tag, translated keyword
      const std::size_t end = rest.find('\0');
      if (end == std::string_view::npos) throw BadInputError("the PNG's iTXt chunk '" + keyword + "' is truncated");
      rest.remove_prefix(end + 1);
    }
    if (!compressed && rest.size() > maxBytes) throw BadInputError("the PNG's iTXt chunk '" + keyword + "' is too large");
    found = compressed ? decompress(rest, maxBytes) : std::string(rest);
    return true;
  });
  if (!found && !ended) throw BadInputError("the PNG is truncated (it has no IEND chunk)");
  return found;
}

}  // namespace warpscope::files
