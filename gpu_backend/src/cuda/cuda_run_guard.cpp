#include "cuda/cuda_run_guard.h"

#include "cuda/cuda_check.h"
#include "cuda/run_errors.h"

namespace warpscope::cuda {
namespace {

/// A sticky error answers every later call; a launch-configuration error is cleared by
/// cudaGetLastError and the context keeps working.
bool contextLost(cudaError_t code) {
  if (isStickyError(code)) return true;
  (void)cudaGetLastError();
  return cudaDeviceSynchronize() != cudaSuccess;
}

}  // namespace

labs::ErrorTranslator cudaErrorTranslator(DeviceContext& context) {
  return [&context](const std::exception& error) -> std::optional<RunError> {
    if (dynamic_cast<const KernelOverBudget*>(&error)) {
      context.broken = true;
      context.brokenReason = error.what();
      RunError runError{RunError::Kind::Device,
                        context.info.id + ": " + error.what() +
                            ". A running kernel cannot be stopped on its own: its process ends to stop it."};
      runError.deviceContextLost = true;
      return runError;
    }
    if (const auto* cudaError = dynamic_cast<const CudaError*>(&error)) {
      std::string message = context.info.id + ": " + cudaError->what();
      const bool lost = contextLost(cudaError->code());
      if (lost) {
        context.broken = true;
        context.brokenReason = cudaError->what();
        message += ". This error is sticky: the CUDA context of " + context.info.id +
                   " is unusable until its process ends (the window's GPU worker ends with it; the simulator "
                   "still works).";
      }
      RunError runError{RunError::Kind::Device, std::move(message)};
      runError.deviceContextLost = lost;
      return runError;
    }
    return std::nullopt;  // CheckFailed and the rest: the generic "<device>: what" message
  };
}

}  // namespace warpscope::cuda
