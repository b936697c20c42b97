#pragma once
/// \file atomics_cuda.h
/// atomics measured on a CUDA device: every variant's atomicAdd rate at every address count timed
/// with CUDA events, every launch's words checked first, and the histogram both ways. Compiled
/// only with the toolkit.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

RunResult measureAtomics(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
