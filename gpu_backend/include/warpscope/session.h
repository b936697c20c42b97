#pragma once
/// \file session.h
/// The front door for the GUI and the CLI (the session's floor, docs/architecture.md): lists every
/// device of every backend, resolves a request's lab in the one registry and validates the request
/// against its declaration (once per process), and hands the resolved lab and the request to the
/// backend that owns the device.

#include <memory>
#include <string>
#include <vector>

#include "warpscope/backend.h"
#include "warpscope/registry.h"

namespace warpscope {

class Session {
 public:
  /// Probes the CUDA backend (if built), loads the simulator profiles and finds the shipped
  /// recordings (rec:h200).
  Session();
  /// For tests: explicit backends (any may be null). cudaMissingReason says why cuda is null.
  Session(std::unique_ptr<Backend> cuda, std::unique_ptr<Backend> simulator, std::string cudaMissingReason = {},
          std::unique_ptr<Backend> recordings = nullptr);
  ~Session();
  /// Adds a backend whose devices come first in the list (a GPU worker on another host: its
  /// devices are "ssh:HOST/cuda:0"); runs on them go to it. Ids must not clash with the others'.
  void addBackend(std::unique_ptr<Backend> backend);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  [[nodiscard]] const LabRegistry& registry() const { return LabRegistry::builtin(); }
  /// Real GPUs first, then recorded GPUs, then simulator profiles.
  [[nodiscard]] const std::vector<DeviceInfo>& devices() const { return devices_; }
  /// GPUs that are not offered, each with why (a GPU the build has no kernels for, or one entry
  /// "cuda" saying why there is no CUDA backend at all).
  [[nodiscard]] const std::vector<UnavailableDevice>& unavailableDevices() const { return unavailable_; }
  /// "cuda:0" when a GPU answers, otherwise the simulator's H100 profile.
  [[nodiscard]] std::string defaultDeviceId() const;
  /// The device with this id; throws BadInputError listing the known ids otherwise, or for a
  /// "cuda:N" that is not offered, saying why.
  [[nodiscard]] const DeviceInfo& device(const std::string& id) const;
  [[nodiscard]] bool hasCudaDevice() const;

  /// The simulator device that models `deviceId`: itself for a simulator device, the recorded
  /// GPU's profile for rec:NAME (sim:NAME), the closest profile for a real GPU; "" when none.
  [[nodiscard]] std::string modelDeviceFor(const std::string& deviceId) const;

  /// Why the lab cannot run on the device at all (Backend::whyCannotRun), or "".
  [[nodiscard]] std::string whyCannotRun(const std::string& labId, const std::string& deviceId) const;

  /// Resolves the lab (the run's one lookup in this process), validates the parameters (its one
  /// validation), runs on the device's backend, and sets the result's elapsedSeconds (the one
  /// place run time is measured). Never throws: bad input and device failures come back as RunError.
  RunOutcome run(const RunRequest& request, const ProgressFn& progress, const CancelToken& cancel);

 private:
  Backend* backendFor(const std::string& deviceId) const;
  std::unique_ptr<Backend> cuda_;
  std::unique_ptr<Backend> simulator_;
  std::unique_ptr<Backend> recordings_;
  std::vector<std::unique_ptr<Backend>> added_;
  std::vector<DeviceInfo> devices_;
  std::vector<UnavailableDevice> unavailable_;
};

}  // namespace warpscope
