#include "cuda/dynamic_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <sstream>
#include <vector>

#ifndef WARPSCOPE_CUDA_LIBRARY_DIRS
#define WARPSCOPE_CUDA_LIBRARY_DIRS ""
#endif

namespace warpscope::cuda {
namespace {

/// Where a CUDA toolkit keeps its libraries when the loader's own search (LD_LIBRARY_PATH,
/// ld.so.conf) does not list them: $CUDA_HOME's, the build's toolkit (cuda.cmake), the usual
/// /usr/local/cuda; and each one's extras/CUPTI/lib64, where some toolkit installs keep CUPTI.
/// The program is linked without a RUNPATH into the toolkit, so these are tried only after the
/// plain name.
std::vector<std::string> toolkitLibraryDirs() {
  std::vector<std::string> dirs;
  auto addToolkit = [&](const std::string& root) {
    dirs.push_back(root + "/lib64");
    dirs.push_back(root + "/extras/CUPTI/lib64");
  };
  if (const char* home = std::getenv("CUDA_HOME"); home && *home) addToolkit(home);
  std::istringstream built(WARPSCOPE_CUDA_LIBRARY_DIRS);  // "dir:dir", set by cuda.cmake
  for (std::string dir; std::getline(built, dir, ':');)
    if (!dir.empty()) dirs.push_back(dir);
  addToolkit("/usr/local/cuda");
  return dirs;
}

}  // namespace

DynamicLibrary::DynamicLibrary(std::initializer_list<const char*> names) {
  std::string tried;
  const auto open = [&](const std::string& path) {
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle_) {
      name_ = path;
      return true;
    }
    const char* why = dlerror();
    tried += (tried.empty() ? "" : "; ") + std::string(why ? why : path);
    return false;
  };
  for (const char* n : names)
    if (open(n)) return;
  // Only the first error of each name is worth reading; the toolkit folders are a quiet second try.
  const std::string plainErrors = tried;
  for (const std::string& dir : toolkitLibraryDirs())
    for (const char* n : names)
      if (std::string(n).find('/') == std::string::npos && open(dir + "/" + n)) return;
  error_ = "cannot load " + plainErrors;
}

DynamicLibrary::~DynamicLibrary() {
  // Left open on purpose: a library's own exit handlers (cuBLAS's, cuFFT's) may still run at
  // process exit, after this object is gone.
}

void* DynamicLibrary::address(const char* symbol) {
  if (!handle_) return nullptr;
  void* p = dlsym(handle_, symbol);
  if (!p) error_ = name_ + " has no " + symbol;
  return p;
}

}  // namespace warpscope::cuda
