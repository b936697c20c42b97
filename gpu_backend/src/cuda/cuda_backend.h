#pragma once
/// \file cuda_backend.h
/// The Backend that measures on real GPUs. makeCudaBackend() (backend.h) builds it.

#include <string>
#include <vector>

#include "cuda/device_context.h"
#include "cuda/device_query.h"
#include "warpscope/backend.h"

namespace warpscope::cuda {

class CudaBackend final : public Backend {
 public:
  /// One context per device the runtime lists and this build has kernels for; the others are
  /// left out (leftOutDevices() says why). Throws CudaError.
  CudaBackend();

  [[nodiscard]] std::string name() const override { return "CUDA"; }
  [[nodiscard]] std::vector<DeviceInfo> devices() const override;
  [[nodiscard]] std::vector<UnavailableDevice> unavailableDevices() const override;
  [[nodiscard]] std::string whyCannotRun(const labs::LabDefinition& lab, const std::string& deviceId) const override;
  RunOutcome run(const labs::LabDefinition& lab, const RunRequest& request, const ProgressFn& progress,
                 const CancelToken& cancel) override;

  /// The context of a device id, or nullptr: for device tests that reach below run().
  DeviceContext* context(const std::string& deviceId);

  /// The devices the runtime lists but this backend does not, each with its reason.
  [[nodiscard]] const std::vector<LeftOutDevice>& leftOutDevices() const { return leftOut_; }

 private:
  std::vector<DeviceContext> contexts_;
  std::vector<LeftOutDevice> leftOut_;
};

}  // namespace warpscope::cuda
