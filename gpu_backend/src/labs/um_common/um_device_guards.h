#pragma once
/// \file um_device_guards.h
/// Host-side pieces um-thrashing and um-multi-gpu add to um_support.h (CUDA builds only): a
/// guard that restores the current device, and the two refusals a managed-memory run on a given
/// device starts with (no concurrent managed access; more than half of its free memory).

#include <cuda_runtime_api.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "cuda/cuda_check.h"
#include "labs/um_common/um_support.h"
#include "warpscope/params.h"

namespace warpscope::labs::um {

/// Restores the device that was current at construction (a multi-GPU run switches devices).
class CurrentDeviceGuard {
 public:
  CurrentDeviceGuard() { WS_CUDA_CHECK(cudaGetDevice(&saved_)); }
  ~CurrentDeviceGuard() { (void)cudaSetDevice(saved_); }
  CurrentDeviceGuard(const CurrentDeviceGuard&) = delete;
  CurrentDeviceGuard& operator=(const CurrentDeviceGuard&) = delete;
  [[nodiscard]] int saved() const { return saved_; }

 private:
  int saved_ = 0;
};

inline std::string deviceLabel(int ordinal) {
  cudaDeviceProp prop{};
  WS_CUDA_CHECK(cudaGetDeviceProperties(&prop, ordinal));
  return "cuda:" + std::to_string(ordinal) + " " + prop.name;
}

/// Throws BadInputError when `ordinal` cannot have the CPU and a kernel touch managed memory at
/// the same time (cudaDevAttrConcurrentManagedAccess = 0: Windows, WSL, pre-Pascal GPUs).
inline void requireConcurrentManagedAccess(int ordinal, const std::string& lab) {
  int concurrent = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, ordinal));
  if (concurrent == 0)
    throw BadInputError(lab + " needs concurrent managed access (cudaDevAttrConcurrentManagedAccess = 1), which " +
                        deviceLabel(ordinal) +
                        " does not have: the CPU and a kernel cannot use managed memory at the same time there; "
                        "run it on a simulator device");
}

/// Throws BadInputError naming the cap when `bytes` of managed memory is more than half of the free
/// memory of device `ordinal` (cuda::checkManagedMemoryCap on that device; DEVICE.md:
/// oversubscribing managed memory can hang the GPU for everyone). Leaves `ordinal` current.
inline void requireAtMostHalfFree(int ordinal, std::uint64_t bytes, const std::string& lab, const std::string& what) {
  WS_CUDA_CHECK(cudaSetDevice(ordinal));
  cuda::checkManagedMemoryCap(bytes, lab + ", " + what + " on " + deviceLabel(ordinal));
}

}  // namespace warpscope::labs::um
