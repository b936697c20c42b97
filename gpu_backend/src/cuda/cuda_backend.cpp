#include "cuda/cuda_backend.h"

#include <cstdlib>

#include "cuda/kernel_fault_setting.h"
#include "cuda/kernels/fault_injection.h"

#include "cuda/cuda_check.h"
#include "cuda/cuda_run_guard.h"
#include "cuda/device_query.h"
#include "core/lab_definition.h"

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

std::vector<UnavailableDevice> CudaBackend::unavailableDevices() const {
  std::vector<UnavailableDevice> out;
  for (const LeftOutDevice& left : leftOut_) out.push_back({left.id, "", left.reason});
  return out;
}

std::string CudaBackend::whyCannotRun(const labs::LabDefinition& lab, const std::string& deviceId) const {
  if (!lab.measureOnGpu) return "this lab has no CUDA measurement yet (the simulator devices run it)";
  const std::size_t gpus = devices().size();
  if (static_cast<std::size_t>(lab.spec.gpusNeeded) > gpus)
    return "it needs " + std::to_string(lab.spec.gpusNeeded) + " GPUs; this machine has " + std::to_string(gpus);
  if (lab.whyNotOnThisMachine)
    for (const DeviceInfo& device : devices())
      if (device.id == deviceId) return lab.whyNotOnThisMachine(device);
  return {};
}

RunOutcome CudaBackend::run(const labs::LabDefinition& lab, const RunRequest& request, const ProgressFn& progress,
                            const CancelToken& cancel) {
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
  if (!lab.measureOnGpu)
    return RunError{RunError::Kind::BadInput, "lab " + request.labId +
                                                  " has no CUDA measurement yet: run it on a simulator device "
                                                  "(warpscope-cli devices lists them, e.g. sim:h100)"};
  return labs::guardRun(device->info.id, [&]() -> RunOutcome {
    WS_CUDA_CHECK(cudaSetDevice(device->ordinal));
    // Tests only: a kernel that writes out of bounds before the lab runs (the device and window
    // tests check that only the GPU worker ends). WARPSCOPE_TEST_KERNEL_FAULT=out-of-bounds faults
    // every run, =out-of-bounds:LABID only the runs of lab LABID; any other value faults nothing
    // (kernel_fault_setting.h).
    if (kernelFaultRequested(std::getenv("WARPSCOPE_TEST_KERNEL_FAULT"), request.labId)) {
      WS_CUDA_CHECK(launchOutOfBoundsWrite());
      WS_CUDA_CHECK(cudaDeviceSynchronize());
    }
    labs::RunMonitor monitor(progress, cancel);
    RunResult result = lab.measureOnGpu(*device, request, monitor);
    // A lab that ran a model instead of the GPU (um-oversubscription: oversubscribing a real GPU
    // can hang it) names the model's device: that result stays Simulated, and it answers the
    // device asked for, so the window shows it.
    const bool modelled = !result.deviceId.empty() && result.deviceId != device->info.id;
    result.provenance = modelled ? Provenance::Simulated : Provenance::Measured;
    result.deviceId = device->info.id;
    return result;
  }, cudaErrorTranslator(*device));
}

}  // namespace cuda

std::string cudaBackendUnavailableReason() {
  if (std::string why = cuda::cudaUnavailableReason(); !why.empty()) return "no CUDA device: " + why;
  return {};
}

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
