#pragma once
// A user's kernel measured on a GPU (CUDA builds only): each point's variant compiled (NVRTC,
// cached), loaded, its output checked against the reference, then timed with CUDA events after
// warm-up, and its counters read in launches of their own.

#include "core/lab_definition.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs::user_kernel {

RunResult measureUserKernel(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs::user_kernel
