#include "cuda/run_guard.h"

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

RunError deviceError(std::string message) { return {RunError::Kind::Device, std::move(message)}; }

}  // namespace

RunOutcome guardRun(DeviceContext& context, const std::function<RunResult()>& body) {
  try {
    return body();
  } catch (const CudaError& e) {
    std::string message = context.info.id + ": " + e.what();
    if (contextLost(e.code())) {
      context.broken = true;
      context.brokenReason = e.what();
      message += ". This error is sticky: the CUDA context of " + context.info.id +
                 " is unusable until Warpscope restarts (the simulator still works).";
    }
    return deviceError(std::move(message));
  } catch (const CheckFailed& e) {
    return deviceError(context.info.id + ": " + e.what());
  } catch (const BadInputError& e) {
    return RunError{RunError::Kind::BadInput, e.what()};
  } catch (const Cancelled&) {
    return RunError{RunError::Kind::Cancelled, "cancelled"};
  } catch (const std::exception& e) {
    return deviceError(context.info.id + ": " + e.what());
  } catch (...) {
    return deviceError(context.info.id + ": unknown error");
  }
}

}  // namespace warpscope::cuda
