#include "cuda/cuda_backend.h"

#include <chrono>

#include "core/labs/latency_arith_lab.h"
#include "core/labs/latency_memory_lab.h"
#include "cuda/cuda_check.h"
#include "cuda/device_query.h"
#include "cuda/lab_runners.h"
#include "cuda/run_guard.h"

namespace warpscope {
namespace cuda {

CudaBackend::CudaBackend() {
  DeviceScan scan = scanDevices();
  for (DeviceInfo& info : scan.usable) {
    DeviceContext context;
    context.ordinal = ordinalFromId(info.id);
    context.info = std::move(info);
    contexts_.push_back(std::move(context));
  }
  leftOut_ = std::move(scan.leftOut);
}

std::vector<DeviceInfo> CudaBackend::devices() const {
  std::vector<DeviceInfo> infos;
  for (const DeviceContext& c : contexts_) infos.push_back(c.info);
  return infos;
}

DeviceContext* CudaBackend::context(const std::string& deviceId) {
  for (DeviceContext& c : contexts_)
    if (c.info.id == deviceId) return &c;
  return nullptr;
}

RunOutcome CudaBackend::run(const RunRequest& request, const ProgressFn& progress, const CancelToken& cancel) {
  DeviceContext* device = context(request.deviceId);
  if (!device) {
    // A device left out exists: say why it is not offered rather than that it is unknown.
    for (const LeftOutDevice& left : leftOut_)
      if (left.id == request.deviceId) return RunError{RunError::Kind::BadInput, left.reason};
    return RunError{RunError::Kind::BadInput, "no CUDA device " + request.deviceId};
  }
  if (device->broken)
    return RunError{RunError::Kind::Device, device->info.id + " is unusable after an earlier sticky error (" +
                                                device->brokenReason + "); restart Warpscope to measure on it again"};
  const auto started = std::chrono::steady_clock::now();
  RunOutcome outcome = guardRun(*device, [&]() -> RunResult {
    WS_CUDA_CHECK(cudaSetDevice(device->ordinal));
    if (request.labId == labs::kLatencyArithId) return runLatencyArith(*device, request, progress, cancel);
    if (request.labId == labs::kLatencyMemoryId) return runLatencyMemory(*device, request, progress, cancel);
    throw BadInputError("lab " + request.labId + " has no CUDA implementation yet; run it on a simulator device");
  });
  if (outcome.ok())
    outcome.result().elapsedSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return outcome;
}

}  // namespace cuda

std::unique_ptr<Backend> makeCudaBackend() {
  // No device (no driver, no GPU, a driver too old) means "use the simulator", never an abort.
  if (!cuda::cudaUnavailableReason().empty()) return nullptr;
  try {
    auto backend = std::make_unique<cuda::CudaBackend>();
    if (backend->devices().empty()) return nullptr;  // every device left out: no kernels for any
    return backend;
  } catch (const std::exception&) {
    return nullptr;
  }
}

}  // namespace warpscope
