#include "warpscope/session.h"

#include <chrono>
#include <exception>
#include <optional>

#include "core/id_list.h"
#include "core/run_guard.h"
#include "rec/recording_backend.h"
#include "mechanisms/device_profile.h"

namespace warpscope {

Session::Session() : Session(makeCudaBackend(), makeSimulatorBackend(), {}, makeRecordingBackend()) {
  if (!cuda_)
    if (std::string why = cudaBackendUnavailableReason(); !why.empty()) unavailable_.push_back({"cuda", "", std::move(why)});
}

Session::Session(std::unique_ptr<Backend> cuda, std::unique_ptr<Backend> simulator, std::string cudaMissingReason,
                 std::unique_ptr<Backend> recordings)
    : cuda_(std::move(cuda)), simulator_(std::move(simulator)), recordings_(std::move(recordings)) {
  for (Backend* backend : {cuda_.get(), recordings_.get(), simulator_.get()})
    if (backend) {
      for (auto& device : backend->devices()) devices_.push_back(std::move(device));
      for (auto& device : backend->unavailableDevices()) unavailable_.push_back(std::move(device));
    }
  if (!cuda_ && !cudaMissingReason.empty()) unavailable_.push_back({"cuda", "", std::move(cudaMissingReason)});
}

Session::~Session() = default;

void Session::addBackend(std::unique_ptr<Backend> backend) {
  if (!backend) return;
  std::vector<DeviceInfo> devices = backend->devices();
  for (const DeviceInfo& d : devices)
    for (const DeviceInfo& existing : devices_)
      if (existing.id == d.id) throw BadInputError("device '" + d.id + "' is offered twice");
  devices_.insert(devices_.begin(), devices.begin(), devices.end());
  for (auto& missing : backend->unavailableDevices()) unavailable_.push_back(std::move(missing));
  added_.push_back(std::move(backend));
}

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
  // A GPU id that is not offered: say why rather than that it is unknown.
  for (const auto& missing : unavailable_)
    if (missing.names(id))
      throw BadInputError("no GPU " + id + ": " + missing.reason + " (the simulator devices still work: " +
                          joinIds(devices_, [](const DeviceInfo& d) { return d.id; }) + ")");
  throw BadInputError("unknown device '" + id + "' (devices: " +
                      joinIds(devices_, [](const DeviceInfo& device) { return device.id; }) + ")");
}

Backend* Session::backendFor(const std::string& deviceId) const {
  const DeviceInfo& info = device(deviceId);
  for (const auto& added : added_)
    for (const DeviceInfo& d : added->devices())
      if (d.id == deviceId) return added.get();
  switch (info.kind) {
    case DeviceKind::Cuda: return cuda_.get();
    case DeviceKind::Recording: return recordings_.get();
    case DeviceKind::Simulator: break;
  }
  return simulator_.get();
}

std::string Session::modelDeviceFor(const std::string& deviceId) const {
  const auto offered = [&](const std::string& id) {
    for (const DeviceInfo& d : devices_)
      if (d.id == id && d.kind == DeviceKind::Simulator) return true;
    return false;
  };
  const DeviceInfo* info = nullptr;
  for (const DeviceInfo& d : devices_)
    if (d.id == deviceId) info = &d;
  if (!info) return {};
  switch (info->kind) {
    case DeviceKind::Simulator: return deviceId;
    case DeviceKind::Recording: {
      const std::string model = rec::modelDeviceFor(deviceId);
      return offered(model) ? model : std::string();
    }
    case DeviceKind::Cuda: {
      const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(*info);
      return profile && offered(profile->info.id) ? profile->info.id : std::string();
    }
  }
  return {};
}

std::string Session::whyCannotRun(const std::string& labId, const std::string& deviceId) const {
  try {
    const Backend* backend = backendFor(deviceId);
    const labs::LabDefinition* lab = registry().definition(labId);
    return backend && lab ? backend->whyCannotRun(*lab, deviceId) : std::string();
  } catch (const BadInputError& e) {
    return e.what();
  }
}

RunOutcome Session::run(const RunRequest& request, const ProgressFn& progress, const CancelToken& cancel) {
  const auto started = std::chrono::steady_clock::now();
  // The session's part of the run: the lab resolved (the one lookup in this process), the request
  // validated (the one validation in this process: a worker validates again, since it never
  // trusts its client), the backend chosen. Its errors come back as RunError here; the backend's
  // own errors come back from its own guard, so no run crosses two.
  const labs::LabDefinition* lab = nullptr;
  Backend* backend = nullptr;
  std::optional<LabSpec> requestSpec;
  RunOutcome refused = labs::guardRun("", [&]() -> RunOutcome {
    lab = &registry().resolve(request.labId);
    // A preset names one of this lab's presets or none: a recording is matched by it, so a wrong
    // one is refused here (the worker's own session included) rather than silently unmatched.
    if (!request.presetId.empty() && !lab->spec.findPreset(request.presetId))
      throw BadInputError("lab '" + lab->spec.id + "' has no preset '" + request.presetId +
                          "' (warpscope-cli lectures lists every preset)");
    // A lab whose kernel comes with the request declares its parameters in it (parsed here, as
    // hostile input, once); every other lab's declaration is its spec.
    if (lab->specForRequest) requestSpec = lab->specForRequest(request);
    // Managed-memory sizes are capped on a real GPU (half its free memory): the refusal names the cap.
    validateParams(capParamsForDevice(requestSpec ? requestSpec->params : lab->spec.params, device(request.deviceId)),
                   request.params);
    backend = backendFor(request.deviceId);
    if (!backend) return RunError{RunError::Kind::Device, "no backend serves device '" + request.deviceId + "'"};
    return RunResult{};
  });
  if (!refused.ok()) return refused;
  RunOutcome outcome = backend->run(*lab, request, progress, cancel);
  if (outcome.ok()) {
    RunResult& result = outcome.result();
    result.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // Named choices read as their names in every export ("pattern = 1 (odd-even)").
    for (const ParamSpec& spec : requestSpec ? requestSpec->params : lab->spec.params)
      if (spec.isNamedChoice())
        if (const auto value = result.params.find(spec.id); value != result.params.end())
          result.paramNames[spec.id] = spec.valueText(value->second);
  }
  return outcome;
}

}  // namespace warpscope
