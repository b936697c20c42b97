#pragma once
/// \file um_device_guards.h
/// Host-side pieces the um-* rooms' CUDA measurements share (CUDA builds only): an owning managed
/// allocation, a guard that restores the current device, and the two refusals every managed-memory
/// run starts with (no concurrent managed access; more than half of a device's free memory).

#include <cuda_runtime_api.h>

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>

#include "cuda/cuda_check.h"
#include "warpscope/params.h"

namespace warpscope::labs::um {

/// bytes of managed memory (cudaMallocManaged, attached globally), freed on destruction.
class ManagedBuffer {
 public:
  explicit ManagedBuffer(std::uint64_t bytes) : bytes_(bytes) {
    WS_CUDA_CHECK(cudaMallocManaged(&ptr_, bytes, cudaMemAttachGlobal));
  }
  ~ManagedBuffer() {
    if (ptr_) (void)cudaFree(ptr_);  // never throws from a destructor
  }
  ManagedBuffer(const ManagedBuffer&) = delete;
  ManagedBuffer& operator=(const ManagedBuffer&) = delete;
  template <typename T>
  [[nodiscard]] T* as() const { return static_cast<T*>(ptr_); }
  [[nodiscard]] void* get() const { return ptr_; }
  [[nodiscard]] std::uint64_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::uint64_t bytes_ = 0;
};

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

/// Throws BadInputError when `bytes` of managed memory is more than half of the free memory of
/// device `ordinal` (DEVICE.md: oversubscribing managed memory can hang the GPU for everyone).
/// Makes `ordinal` current (cudaMemGetInfo asks the current device).
inline void requireAtMostHalfFree(int ordinal, std::uint64_t bytes, const std::string& lab, const std::string& what) {
  WS_CUDA_CHECK(cudaSetDevice(ordinal));
  std::size_t freeBytes = 0, totalBytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  const std::uint64_t cap = freeBytes / 2;
  if (bytes > cap) {
    std::ostringstream why;
    why << lab << ": " << what << " of " << (bytes >> 20) << " MiB is more than the cap of " << (cap >> 20)
        << " MiB (half of the " << (freeBytes >> 20) << " MiB free on " << deviceLabel(ordinal)
        << "); real GPUs are never oversubscribed (the simulator shows oversubscription)";
    throw BadInputError(why.str());
  }
}

/// A cudaMemLocation for device `ordinal` or for the host.
inline cudaMemLocation deviceLocation(int ordinal) { return cudaMemLocation{cudaMemLocationTypeDevice, ordinal}; }
inline cudaMemLocation hostLocation() { return cudaMemLocation{cudaMemLocationTypeHost, 0}; }

}  // namespace warpscope::labs::um
