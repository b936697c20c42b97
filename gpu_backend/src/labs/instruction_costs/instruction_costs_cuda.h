#pragma once
/// \file instruction_costs_cuda.h
/// instruction-costs measured on a CUDA device: each kind's kernel timed with CUDA events
/// (cuda/timing.h) after a calibration of its length, its output checked against the host's
/// recomputation, the closest profile's model beside it, and the SASS counts read from this
/// program's own code with cuobjdump. Compiled only with the CUDA toolkit (lab.cmake).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// LabDefinition::measureOnGpu: the context's device is current. Throws BadInputError,
/// CudaError, CheckFailed or Cancelled.
RunResult measureInstructionCosts(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
