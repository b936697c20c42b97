// um-streaming on a GPU: the plan's scenarios measured (um_streaming_cuda.cpp) beside the model of
// the same scenarios on the closest profile.
#include "cuda/device_context.h"
#include "labs/um_streaming/um_streaming_cuda.h"
#include "labs/um_streaming/um_streaming_lab.h"
#include "labs/um_streaming/um_streaming_model.h"

namespace warpscope::labs {

RunResult measureUmStreaming(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  std::vector<std::string> notes;
  const um::UmRun run = um::measureWithModel<StreamingScenario>(
      device.info, streamingPlan(request.params), monitor, streamingScenarioName,
      [&](const StreamingScenario& s) { return measureStreamingScenario(device, s, kUmStreamingTimedReps); },
      simulateStreamingScenario, &notes);
  RunResult result = assembleUmStreaming(device.info, request.params, run);
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  return result;
}

}  // namespace warpscope::labs
