#include "warpscope/session.h"

#include <chrono>
#include <exception>

#include "core/id_list.h"

namespace warpscope {

Session::Session() : Session(makeCudaBackend(), makeSimulatorBackend()) {}

Session::Session(std::unique_ptr<Backend> cuda, std::unique_ptr<Backend> simulator)
    : cuda_(std::move(cuda)), simulator_(std::move(simulator)) {
  for (Backend* backend : {cuda_.get(), simulator_.get()})
    if (backend)
      for (auto& device : backend->devices()) devices_.push_back(std::move(device));
}

Session::~Session() = default;

bool Session::hasCudaDevice() const {
  for (const auto& device : devices_)
    if (device.kind == DeviceKind::Cuda) return true;
  return false;
}

std::string Session::defaultDeviceId() const {
  for (const auto& device : devices_)
    if (device.kind == DeviceKind::Cuda) return device.id;
  for (const auto& device : devices_)
    if (device.id == "sim:h100") return device.id;
  return devices_.empty() ? std::string() : devices_.front().id;
}

const DeviceInfo& Session::device(const std::string& id) const {
  for (const auto& device : devices_)
    if (device.id == id) return device;
  throw BadInputError("unknown device '" + id + "' (devices: " +
                      joinIds(devices_, [](const DeviceInfo& device) { return device.id; }) + ")");
}

Backend* Session::backendFor(const std::string& deviceId) const {
  const DeviceInfo& info = device(deviceId);
  return info.kind == DeviceKind::Cuda ? cuda_.get() : simulator_.get();
}

RunOutcome Session::run(const RunRequest& request, const ProgressFn& progress, const CancelToken& cancel) {
  const auto started = std::chrono::steady_clock::now();
  Backend* backend = nullptr;
  try {
    const LabSpec& lab = registry().get(request.labId);
    validateParams(lab.params, request.params);
    backend = backendFor(request.deviceId);
  } catch (const BadInputError& e) {
    return RunError{RunError::Kind::BadInput, e.what()};
  }
  if (!backend) return RunError{RunError::Kind::Device, "no backend serves device '" + request.deviceId + "'"};
  // Backends promise not to throw; this guard keeps a broken promise from taking the app down.
  try {
    RunOutcome outcome = backend->run(request, progress, cancel);
    if (outcome.ok())
      outcome.result().elapsedSeconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return outcome;
  } catch (const BadInputError& e) {
    return RunError{RunError::Kind::BadInput, e.what()};
  } catch (const std::exception& e) {
    return RunError{RunError::Kind::Device, std::string("unexpected backend failure: ") + e.what()};
  }
}

}  // namespace warpscope
