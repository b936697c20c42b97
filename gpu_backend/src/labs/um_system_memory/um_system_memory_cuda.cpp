#include "labs/um_system_memory/um_system_memory_cuda.h"

#include <sstream>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_context.h"
#include "labs/um_common/um_device_guards.h"
#include "labs/um_system_memory/um_system_memory_cuda_parts.h"
#include "labs/um_system_memory/um_system_memory_layout.h"
#include "labs/um_system_memory/um_system_memory_names.h"
#include "warpscope/params.h"

// The scenarios themselves: um_system_memory_atomics_cuda.cpp and um_system_memory_touch_cuda.cpp.
namespace warpscope::labs {

namespace system_memory_cuda {

um::UmScenarioResult notRun(const SystemScenario& s, const std::string& why) {
  um::UmScenarioResult r;
  r.name = systemScenarioName(s.kind);
  r.trace.captured = false;
  r.trace.unavailableReason = why;
  r.notes.push_back(why);
  return r;
}

}  // namespace system_memory_cuda

namespace {

using namespace system_memory_cuda;

void validate(const SystemScenario& s, int timedReps) {
  std::ostringstream why;
  if (s.counters < 1 || s.counters > kMaxCounters)
    why << "counters " << s.counters << " is outside [1, " << kMaxCounters << "]";
  else if (s.cpuThreads < 0 || s.cpuThreads > 64)
    why << "CPU threads " << s.cpuThreads << " is outside [0, 64]";
  else if (cpuTakesPart(s.kind) && s.cpuThreads < 1)
    why << "a scenario with CPU atomics needs at least one CPU thread";
  else if (s.gpuOps == 0 || s.gpuOps > (1ull << 32))
    why << "GPU operations " << s.gpuOps << " is outside [1, 2^32]";
  else if (s.cpuOpsPerThread == 0 || s.cpuOpsPerThread > (1ull << 30))
    why << "operations per CPU thread " << s.cpuOpsPerThread << " is outside [1, 2^30]";
  else if (s.bufferBytes < um::kPageBytes || s.bufferBytes % um::kPageBytes != 0)
    why << "buffer of " << s.bufferBytes << " bytes: it must be a positive multiple of 4096";
  else if (timedReps < 1)
    why << "timed repetitions " << timedReps << " must be at least 1";
  if (!why.str().empty()) throw BadInputError(std::string(kLab) + ": " + why.str());
}

}  // namespace

SystemAttributes querySystemAttributes(int ordinal) {
  SystemAttributes a;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.concurrentManagedAccess, cudaDevAttrConcurrentManagedAccess, ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.hostNativeAtomics, cudaDevAttrHostNativeAtomicSupported, ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.pageableMemoryAccess, cudaDevAttrPageableMemoryAccess, ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.pageableUsesHostPageTables, cudaDevAttrPageableMemoryAccessUsesHostPageTables,
                                       ordinal));
  return a;
}

um::UmScenarioResult measureSystemScenario(cuda::DeviceContext& device, const SystemScenario& scenario, int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  validate(scenario, timedReps);
  um::CurrentDeviceGuard restore;
  WS_CUDA_CHECK(cudaSetDevice(device.ordinal));
  const SystemAttributes attributes = querySystemAttributes(device.ordinal);
  if (isAtomicsKind(scenario.kind)) return measureAtomics(device, scenario, timedReps, attributes);
  // Never launched on memory the GPU cannot reach: it would fault (an illegal address).
  if (needsPageableAccess(scenario.kind) && attributes.pageableMemoryAccess == 0)
    return notRun(scenario, pageableAccessMissingNote(attributes.pageableMemoryAccess));
  if (scenario.kind == SysKind::StackBuffer) return measureOnStack(device, scenario, timedReps);
  return measureTouch(device, scenario, timedReps, nullptr);
}

RunResult measureUmSystemMemory(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  const SystemAttributes attributes = querySystemAttributes(device.ordinal);
  return measureSystemRoom(device.info, attributes, request, monitor,
                           [&](const SystemScenario& s) { return measureSystemScenario(device, s, um::kTimedReps); });
}

}  // namespace warpscope::labs
