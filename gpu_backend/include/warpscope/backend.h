#pragma once
/// \file backend.h
/// One interface over the CUDA backend and the simulator (renderdoc's ICaptureAccess idea):
/// front ends never know which one answers.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/lab_definition.h"
#include "warpscope/result.h"

namespace warpscope {

/// Called between launches with the fraction done (0..1) and what is being measured.
using ProgressFn = std::function<void(double fraction, const std::string& what)>;

/// Set from any thread; a backend checks it between launches and stops early.
class CancelToken {
 public:
  void requestCancel() { cancelled_.store(true, std::memory_order_relaxed); }
  [[nodiscard]] bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  void reset() { cancelled_.store(false, std::memory_order_relaxed); }

 private:
  std::atomic<bool> cancelled_{false};
};

/// Why a run produced no result.
struct RunError {
  enum class Kind {
    BadInput,   ///< Unknown lab/device/parameter or a value out of range (CLI exit 2).
    Device,     ///< A CUDA call failed or the device vanished (CLI exit 3).
    Cancelled,  ///< The user cancelled.
  };
  Kind kind = Kind::Device;
  std::string message;  ///< Names what was wrong; for CUDA: the call, file:line and CUDA's text.
  /// A device that can run the request instead, offered to the user (never used silently): a
  /// recorded device's model when the recording does not hold the parameters asked for.
  std::string alternativeDeviceId;
  /// The device's CUDA context is lost (a sticky error: an illegal address, a trap): no later run
  /// in this process can use it. A GPU worker ends after reporting such an error, so the next run
  /// gets a new process and a fresh context.
  bool deviceContextLost = false;
};

/// Either a RunResult or a RunError: the value that crosses the backend boundary.
class RunOutcome {
 public:
  RunOutcome(RunResult result) : result_(std::move(result)) {}  // NOLINT: implicit by design
  RunOutcome(RunError error) : error_(std::move(error)) {}       // NOLINT
  [[nodiscard]] bool ok() const { return result_.has_value(); }
  [[nodiscard]] const RunResult& result() const { return *result_; }
  [[nodiscard]] RunResult& result() { return *result_; }
  [[nodiscard]] const RunError& error() const { return *error_; }

 private:
  std::optional<RunResult> result_;
  std::optional<RunError> error_;
};

/// A GPU the CUDA backend does not offer, or (id "cuda", empty name) why there is no CUDA
/// backend at all: `warpscope-cli devices` lists them with the reason.
struct UnavailableDevice {
  std::string id;      ///< "cuda:1", or "cuda" for the backend as a whole.
  std::string name;    ///< "Tesla K80", or empty.
  std::string reason;  ///< e.g. "compute capability 3.7: this build has kernels for 75,80,90".

  /// Whether a device id asked for is this one: "cuda" stands for every cuda:N, "ssh:HOST/cuda"
  /// for every ssh:HOST/cuda:N.
  [[nodiscard]] bool names(const std::string& deviceId) const {
    return id == deviceId || (id.ends_with("cuda") && deviceId.starts_with(id + ":"));
  }
};

class Backend {
 public:
  virtual ~Backend() = default;
  /// "CUDA" or "Simulator".
  [[nodiscard]] virtual std::string name() const = 0;
  [[nodiscard]] virtual std::vector<DeviceInfo> devices() const = 0;
  /// Devices this backend knows of but does not offer, each with its reason.
  [[nodiscard]] virtual std::vector<UnavailableDevice> unavailableDevices() const { return {}; }
  /// Why `lab` cannot run on this backend's `deviceId` at all, whatever its parameters (a
  /// profile without the lab's model, a lab needing two GPUs, a lab never recorded), or "" when
  /// it can. Cheap and side-effect free: the lab list asks it for every lab.
  [[nodiscard]] virtual std::string whyCannotRun(const labs::LabDefinition& lab, const std::string& deviceId) const {
    (void)lab;
    (void)deviceId;
    return {};
  }
  /// Runs a request the session validated against `lab`, the request's lab as the session
  /// resolved it (a backend never looks a lab up again). Must not throw: errors come back as
  /// RunError, each backend's own guard (core/run_guard.h) the one boundary a run crosses. Calls
  /// progress between launches and stops when cancel is set.
  virtual RunOutcome run(const labs::LabDefinition& lab, const RunRequest& request, const ProgressFn& progress,
                         const CancelToken& cancel) = 0;
};

/// The CUDA backend, or nullptr when this build has no CUDA or no device answers. Chosen at run
/// time: a build without the toolkit links a stub that always returns nullptr.
std::unique_ptr<Backend> makeCudaBackend();
/// Why makeCudaBackend() returns nullptr ("no CUDA device: cudaGetDeviceCount: ..." or "this
/// build has no CUDA backend"); empty when it returns a backend.
std::string cudaBackendUnavailableReason();
/// The simulator over every profile in resources/profiles.
std::unique_ptr<Backend> makeSimulatorBackend();
/// The shipped recordings of real-GPU runs (rec:h200), or nullptr when none are found.
std::unique_ptr<Backend> makeRecordingBackend();

}  // namespace warpscope
