#pragma once
/// \file coalescing_cuda.h
/// coalescing measured on a CUDA device: the cudaMemcpy ceiling, then the strided copy at every
/// stride of the plan, timed with CUDA events and checked on the device, and in launches of their
/// own the GPU's counters of sectors, requests and DRAM bytes. Compiled only with the toolkit.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureCoalescing(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
