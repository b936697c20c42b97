#pragma once
/// \file um_system_memory_cuda.h
/// The CUDA side of this room (built only with the toolkit): the lab on a GPU, and one scenario on
/// the GPU whose context is current (median and spread over timedReps repetitions after a
/// warm-up, one more traced with CUPTI's unified-memory counters, every result checked).

#include "labs/um_common/um_lab_run.h"
#include "labs/um_system_memory/um_system_memory_lab.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

RunResult measureUmSystemMemory(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

/// The device's attributes the lab reports and depends on.
SystemAttributes querySystemAttributes(int ordinal);

/// One scenario on the GPU. A scenario the device cannot run (system-allocated memory without
/// cudaDevAttrPageableMemoryAccess, CPU atomics without concurrent managed access) comes back
/// without phases, its note saying why; nothing is launched on such memory.
um::UmScenarioResult measureSystemScenario(cuda::DeviceContext& device, const SystemScenario& scenario, int timedReps);

}  // namespace warpscope::labs
