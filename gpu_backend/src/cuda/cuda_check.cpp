#include "cuda/cuda_check.h"

#include <filesystem>

namespace warpscope::cuda {

void throwIfFailed(cudaError_t code, const char* callText, const char* file, int line) {
  if (code == cudaSuccess) return;
  // Only the file name: the full build path says nothing to a user and varies per machine.
  const std::string where = std::filesystem::path(file).filename().string() + ":" + std::to_string(line);
  throw CudaError(code, std::string(callText) + " failed at " + where + ": " + cudaGetErrorName(code) +
                            " (" + cudaGetErrorString(code) + ")");
}

bool isStickyError(cudaError_t code) {
  switch (code) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorAssert:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
    case cudaErrorContextIsDestroyed:
      return true;
    default:
      return false;
  }
}

}  // namespace warpscope::cuda
