#pragma once
/// \file bank_conflicts_cuda.h
/// bank-conflicts measured on a CUDA device: every configuration's shared-memory reads timed with
/// CUDA events on SMs full of warps, the output checked, and in launches of their own the GPU's
/// wavefronts and requests. Compiled only with the toolkit.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

RunResult measureBankConflicts(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
