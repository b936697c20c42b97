#pragma once
/// \file occupancy_cuda.h
/// The occupancy lab on a real GPU (CUDA builds only): the register-cap kernels' attributes,
/// occupancy and time, and the calculator checked against CUDA's occupancy API.

#include "labs/occupancy/occupancy_lab.h"
#include "core/run_monitor.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// Every register-cap kernel at block sizes up to its limit, several dynamic shared-memory sizes
/// and carveouts, plus the sliders' own configuration: calculateOccupancy (with the device's
/// architectureOccupancyRules and the kernel's cudaFuncGetAttributes) against
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor. Leaves the kernels' attributes as it found them.
CalculatorApiCheck checkCalculatorAgainstOccupancyApi(const DeviceInfo& device, const ParamSet& params);

/// The lab's CUDA measurement (LabDefinition::measureOnGpu).
RunResult measureOccupancy(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
