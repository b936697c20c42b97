#pragma once
/// \file um_system_memory_lab.h
/// Lab "um-system-memory": system-wide atomics on managed memory by CPU threads and a kernel at
/// the same time, and a kernel on system-allocated memory (malloc, a global array, the stack)
/// beside managed memory and an explicit copy. Shared by both backends: the declaration, the plan
/// (um_system_memory_scenario.h), the device attributes the run depends on, the room's run on
/// either backend and the assembly (the model of a scenario in um_system_memory_model.cpp, the GPU
/// in um_system_memory_cuda.cpp).

#include <functional>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_system_memory/um_system_memory_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmSystemMemoryId = "um-system-memory";

const LabSpec& umSystemMemorySpec();
LabDefinition umSystemMemoryLab();

/// The device attributes this lab depends on (cudaDeviceGetAttribute on a GPU, the profile's
/// host_link in the model).
struct SystemAttributes {
  int concurrentManagedAccess = 0;     ///< cudaDevAttrConcurrentManagedAccess
  int hostNativeAtomics = 0;           ///< cudaDevAttrHostNativeAtomicSupported
  int pageableMemoryAccess = 0;        ///< cudaDevAttrPageableMemoryAccess
  int pageableUsesHostPageTables = 0;  ///< cudaDevAttrPageableMemoryAccessUsesHostPageTables
};

/// The scenarios a run visits: the four atomics configurations (the two with CPU threads only
/// when cpu_threads > 0), then the five allocation kinds.
std::vector<SystemScenario> systemPlan(const ParamSet& params);

/// The run assembled into views, scalars and notes.
RunResult assembleUmSystemMemory(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run,
                                 const SystemAttributes& attributes);

/// The lab on a GPU whose attributes are known: each scenario through `measure`, the model of the
/// same plan beside it, assembled.
RunResult measureSystemRoom(const DeviceInfo& gpu, const SystemAttributes& attributes, const RunRequest& request,
                            RunMonitor& monitor,
                            const std::function<um::UmScenarioResult(const SystemScenario&)>& measure);

}  // namespace warpscope::labs
