#pragma once
/// \file issue_slots_cuda.h
/// issue-slots on a CUDA device: the scheduler model of the closest profile, beside FMA chains
/// measured on the GPU at the same warps per scheduler and ILP (cuda/fma_bench.h, outputs checked),
/// measured once per device and session. Compiled only with the CUDA toolkit (lab.cmake).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu. Throws BadInputError, CudaError, CheckFailed or Cancelled.
RunResult measureIssueSlots(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
