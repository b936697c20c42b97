#pragma once
/// \file cuda_run_guard.h
/// What the CUDA backend adds to the one backend boundary (core/run_guard.h): a failed CUDA call
/// or a wrong kernel output is a device error, and a sticky error marks the context broken.

#include "cuda/device_context.h"
#include "core/run_guard.h"

namespace warpscope::cuda {

/// The translator for guardRun on context's device: CudaError and CheckFailed become
/// RunError{Device} naming the device; after a sticky CUDA error it marks the context broken and
/// says so in the message.
labs::ErrorTranslator cudaErrorTranslator(DeviceContext& context);

}  // namespace warpscope::cuda
