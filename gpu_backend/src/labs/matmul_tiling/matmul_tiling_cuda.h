#pragma once
/// \file matmul_tiling_cuda.h
/// matmul-tiling measured on a CUDA device: cuBLAS first (when the build has it: its C is the
/// reference for the full comparisons), then every variant timed with CUDA events and checked
/// (sgemm_bench.h), assembled like the model's records. Compiled only with the CUDA toolkit.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureMatmulTiling(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
