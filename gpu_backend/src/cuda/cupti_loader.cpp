#include "cuda/cupti_loader.h"

#include <cuda.h>

#include <type_traits>

#include "cuda/dynamic_library.h"

namespace warpscope::cuda {
namespace {

/// What a function CUPTI lacks does when called: fails as CUPTI does before it is usable.
template <typename F>
struct Missing;
template <typename... Args>
struct Missing<CUptiResult(Args...)> {
  static CUptiResult CUPTIAPI call(Args...) { return CUPTI_ERROR_NOT_INITIALIZED; }
};

struct LoadedCupti {
  // The CUPTI of the toolkit the build's headers describe (libcupti.so.13 for CUDA 13), then the
  // unversioned name a toolkit's development files provide.
  DynamicLibrary library{("libcupti.so." + std::to_string(CUDA_VERSION / 1000)).c_str(), "libcupti.so"};
  CuptiApi api;
  std::string reason;

  LoadedCupti() {
    std::string missing;
#define WARPSCOPE_CUPTI_BIND(name)                                                       \
  api.name = library.function<std::remove_pointer_t<decltype(api.name)>>(#name);         \
  if (!api.name) {                                                                       \
    if (library.loaded()) missing += (missing.empty() ? "" : ", ") + std::string(#name); \
    api.name = &Missing<std::remove_pointer_t<decltype(api.name)>>::call;                \
  }
    WARPSCOPE_CUPTI_FUNCTIONS(WARPSCOPE_CUPTI_BIND)
#undef WARPSCOPE_CUPTI_BIND
    if (!library.loaded())
      reason = "CUPTI (the CUDA toolkit's profiling library) could not be loaded: " + library.error();
    else if (!missing.empty())
      reason = library.name() + " is too old for this build: it lacks " + missing;
  }
};

LoadedCupti& loaded() {
  static LoadedCupti* const one = new LoadedCupti;  // never closed: CUPTI flushes from its exit handler
  return *one;
}

}  // namespace

const CuptiApi& cuptiApi() { return loaded().api; }

const std::string& cuptiUnavailableReason() { return loaded().reason; }

}  // namespace warpscope::cuda
