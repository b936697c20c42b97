#pragma once
/// \file divergence_cuda.h
/// The divergence lab measured on a CUDA device: every kernel of the plan timed with CUDA events
/// (plain, and the chosen pattern also instrumented, for the overhead), one traced launch whose
/// per-segment records (clock64, __activemask, %smid, %globaltimer) become the timeline, every
/// thread's output checked. Compiled only with the CUDA toolkit (lab.cmake).

#include "labs/divergence/divergence_lab.h"
#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureDivergence(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
