#pragma once
/// \file register_vs_shared_cuda.h
/// register-vs-shared measured on a CUDA device: the plan from register_vs_shared_lab.h, each
/// point timed with CUDA events (rvs_bench.h) and its output checked, assembled like the model's
/// points, with the closest profile's model beside the measured bars. CUDA only (lab.cmake).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureRegisterVsShared(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
