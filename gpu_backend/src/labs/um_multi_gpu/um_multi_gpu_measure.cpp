// um-multi-gpu on GPUs: each mode measured on GPU 0 and GPU 1 (um_multi_gpu_cuda.cpp) beside the model's.
#include "cuda/device_context.h"
#include "labs/um_multi_gpu/um_multi_gpu_cuda.h"
#include "labs/um_multi_gpu/um_multi_gpu_lab.h"
#include "labs/um_multi_gpu/um_multi_gpu_model.h"

namespace warpscope::labs {

RunResult measureUmMultiGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  std::vector<std::string> notes;
  const um::UmRun run = um::measureWithModel<MultiGpuScenario>(
      device.info, multiGpuPlan(request.params), monitor, multiGpuScenarioName,
      [&](const MultiGpuScenario& s) { return measureMultiGpuScenario(device, s, kUmMultiGpuTimedReps); },
      simulateMultiGpuScenario, &notes);
  RunResult result = assembleUmMultiGpu(device.info, request.params, run);
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  return result;
}

}  // namespace warpscope::labs
