#pragma once
/// \file latency_arith_cuda.h
/// latency-arith measured on a CUDA device: the plan from latency_arith_lab.h, each point timed
/// with CUDA events (cuda/fma_bench.h) and its output checked, assembled like the model's points.
/// Compiled only with the CUDA toolkit (lab.cmake).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureLatencyArith(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
