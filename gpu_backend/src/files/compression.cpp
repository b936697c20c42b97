#include "files/compression.h"

#include <zlib.h>

#include <array>
#include <cstdint>

#include "warpscope/params.h"

namespace warpscope::files {

std::string compress(std::string_view data, bool gzip) {
  z_stream stream{};
  // windowBits 15 (+16: a gzip wrapper), the default memory level.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    throw std::runtime_error("zlib: deflateInit2 failed");
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, Z_FINISH);
  const std::size_t written = stream.total_out;
  deflateEnd(&stream);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  out.resize(written);
  return out;
}

bool isGzip(std::string_view data) {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f && static_cast<unsigned char>(data[1]) == 0x8b;
}

std::string decompress(std::string_view data, std::size_t maxBytes) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 32) != Z_OK)  // +32: zlib or gzip, from the header
    throw std::runtime_error("zlib: inflateInit2 failed");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  stream.avail_in = static_cast<uInt>(data.size());
  std::string out;
  std::array<char, 64 * 1024> chunk{};
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    stream.next_out = reinterpret_cast<Bytef*>(chunk.data());
    stream.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&stream, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) {
      inflateEnd(&stream);
      throw BadInputError(status == Z_BUF_ERROR ? "the compressed data is truncated" : "the compressed data is corrupt");
    }
    out.append(chunk.data(), chunk.size() - stream.avail_out);
    if (out.size() > maxBytes) {
      inflateEnd(&stream);
      throw BadInputError("the compressed data expands past " + std::to_string(maxBytes >> 20) + " MiB");
    }
  }
  // Bytes after the end of the compressed stream (trailing garbage, a second gzip member) were
  // ignored silently; a recording Warpscope wrote has none, so they mean a damaged or foreign file.
  const std::size_t trailing = stream.avail_in;
  inflateEnd(&stream);
  if (trailing > 0)
    throw BadInputError(std::to_string(trailing) + " bytes follow the end of the compressed data (a second gzip "
                        "member or trailing garbage)");
  return out;
}

namespace {
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int base64Value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}
}  // namespace

std::string base64Encode(std::string_view data) {
  std::string out;
  out.reserve((data.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < data.size(); i += 3) {
    std::uint32_t group = static_cast<unsigned char>(data[i]) << 16;
    if (i + 1 < data.size()) group |= static_cast<unsigned char>(data[i + 1]) << 8;
    if (i + 2 < data.size()) group |= static_cast<unsigned char>(data[i + 2]);
    out += kAlphabet[(group >> 18) & 63];
    out += kAlphabet[(group >> 12) & 63];
    out += i + 1 < data.size() ? kAlphabet[(group >> 6) & 63] : '=';
    out += i + 2 < data.size() ? kAlphabet[group & 63] : '=';
  }
  return out;
}

std::string base64Decode(std::string_view text) {
  std::string out;
  out.reserve(text.size() / 4 * 3);
  std::uint32_t group = 0;
  int bits = 0;
  bool padding = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '=') {
      padding = true;
      continue;
    }
    const int value = base64Value(c);
    if (value < 0 || padding) throw BadInputError("the embedded run is not valid base64");
    group = (group << 6) | static_cast<std::uint32_t>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((group >> bits) & 0xff);
    }
  }
  return out;
}

}  // namespace warpscope::files
