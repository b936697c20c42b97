// CUPTI is opened at run time (cuda/cupti_loader.h), never linked: where it opens, every function
// the program calls is CUPTI's own; where it does not, the reason names the library. No GPU needed.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <string>

#include "cuda/cupti_loader.h"

namespace warpscope::cuda {
namespace {

/// The file a function's code lives in ("" when dladdr cannot tell).
std::string fileOf(const void* function) {
  Dl_info info{};
  return dladdr(function, &info) && info.dli_fname ? info.dli_fname : "";
}

TEST(CuptiLoader, EveryFunctionIsCuptisOwnOrTheReasonNamesTheLibrary) {
  const std::string& why = cuptiUnavailableReason();
  if (!why.empty()) {
    EXPECT_NE(why.find("libcupti"), std::string::npos) << why;
    // The stand-ins fail like an uninitialised CUPTI instead of crashing.
    uint64_t now = 0;
    EXPECT_EQ(cuptiApi().cuptiGetTimestamp(&now), CUPTI_ERROR_NOT_INITIALIZED);
    GTEST_SKIP() << "CUPTI is not on this machine: " << why;
  }
  const CuptiApi& api = cuptiApi();
#define WARPSCOPE_EXPECT_FROM_CUPTI(name) \
  EXPECT_NE(fileOf(reinterpret_cast<const void*>(api.name)).find("libcupti"), std::string::npos) << #name;
  WARPSCOPE_CUPTI_FUNCTIONS(WARPSCOPE_EXPECT_FROM_CUPTI)
#undef WARPSCOPE_EXPECT_FROM_CUPTI
  uint64_t now = 0;
  EXPECT_EQ(api.cuptiGetTimestamp(&now), CUPTI_SUCCESS);
  EXPECT_GT(now, 0u);
}

}  // namespace
}  // namespace warpscope::cuda
