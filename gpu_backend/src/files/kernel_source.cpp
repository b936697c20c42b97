#include "warpscope/kernel_source.h"

#include <filesystem>

#include "files/regular_file.h"
#include "warpscope/params.h"

namespace warpscope {

KernelSource readKernelSource(const std::string& path) {
  KernelSource source;
  source.text = files::readRegularFile(path, kMaxKernelFileBytes);
  if (source.text.find('\0') != std::string::npos)
    throw BadInputError(path + ": holds a NUL byte: not a CUDA source file");
  source.fileName = std::filesystem::path(path).filename().string();
  return source;
}

}  // namespace warpscope
