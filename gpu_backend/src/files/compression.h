#pragma once
// zlib and base64 for the run a file carries: recordings are gzip files, figures carry their run
// as base64 of zlib data. Inflation is bounded, so a small hostile file cannot expand into memory
// exhaustion (a "zip bomb").
#include <cstddef>
#include <string>
#include <string_view>

namespace warpscope::files {

/// zlib-compressed (gzip = true: with a gzip header, as `gzip -d` reads).
std::string compress(std::string_view data, bool gzip = false);
/// Inflates zlib or gzip data (told apart by their headers). Throws BadInputError when the data
/// is corrupt, truncated, would inflate past maxBytes, or has bytes after its end.
std::string decompress(std::string_view data, std::size_t maxBytes);
/// True when data starts with the gzip magic bytes.
bool isGzip(std::string_view data);

std::string base64Encode(std::string_view data);
/// Ignores whitespace (XML may wrap it); throws BadInputError on any other non-base64 byte.
std::string base64Decode(std::string_view text);

}  // namespace warpscope::files
