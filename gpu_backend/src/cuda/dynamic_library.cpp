#include "cuda/dynamic_library.h"

#include <dlfcn.h>

namespace warpscope::cuda {

DynamicLibrary::DynamicLibrary(std::initializer_list<const char*> names) {
  std::string tried;
  for (const char* n : names) {
    handle_ = dlopen(n, RTLD_NOW | RTLD_LOCAL);
    if (handle_) {
      name_ = n;
      return;
    }
    const char* why = dlerror();
    tried += (tried.empty() ? "" : "; ") + std::string(why ? why : n);
  }
  error_ = "cannot load " + tried;
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
