#pragma once
/// \file run_guard.h
/// The backend boundary: every exception from inside becomes the RunError Backend::run promises.

#include <functional>

#include "cuda/device_context.h"
#include "warpscope/backend.h"

namespace warpscope::cuda {

/// Runs body and maps CudaError and CheckFailed to RunError{Device}, BadInputError to
/// RunError{BadInput}, Cancelled to RunError{Cancelled}, anything else to RunError{Device}. After a
/// sticky CUDA error it marks the context broken and says so in the message. Never throws.
RunOutcome guardRun(DeviceContext& context, const std::function<RunResult()>& body);

}  // namespace warpscope::cuda
