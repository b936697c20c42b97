#pragma once
/// \file block_scheduling_cuda.h
/// block-scheduling on a CUDA device: residency from the occupancy API, the kernel timed at every
/// grid size of the sweep (CUDA events), the traced grid's records read back; every record
/// checked. Compiled only with the CUDA toolkit (lab.cmake).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureBlockScheduling(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
