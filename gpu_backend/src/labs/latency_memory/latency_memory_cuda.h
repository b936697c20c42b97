#pragma once
/// \file latency_memory_cuda.h
/// latency-memory measured on a CUDA device: the cudaMemcpy ceiling, then each planned copy
/// configuration timed with CUDA events and checked on the device (copy_bench.h). Compiled only
/// with the CUDA toolkit (lab.cmake).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureLatencyMemory(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
