#include "warpscope/kernel_source.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "core/utf8.h"
#include "files/regular_file.h"
#include "warpscope/params.h"

namespace warpscope {

KernelSource readKernelSource(const std::string& path) {
  KernelSource source;
  source.text = files::readRegularFile(path, kMaxKernelFileBytes);
  if (source.text.find('\0') != std::string::npos)
    throw BadInputError(path + ": holds a NUL byte: not a CUDA source file");
  // Its text travels in JSON (a run, a recording, a lecture slide), which is UTF-8 only.
  if (const std::size_t at = firstNonUtf8Byte(source.text); at != std::string::npos)
    throw BadInputError(path + ": is not UTF-8 text (byte " + std::to_string(at) +
                        "): save it as UTF-8 (a comment in another encoding is enough to stop it)");
  source.fileName = std::filesystem::path(path).filename().string();
  return source;
}

std::string kernelKey(const KernelSource& source) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a, 64 bits
  for (const unsigned char c : source.text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::string(hex) + ":" + std::to_string(source.text.size());
}

}  // namespace warpscope
