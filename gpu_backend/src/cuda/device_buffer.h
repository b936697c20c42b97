#pragma once
/// \file device_buffer.h
/// Owning device allocation (cudaMalloc, never managed memory: see DEVICE.md's rules).

#include <cstddef>
#include <utility>

#include "cuda/cuda_check.h"

namespace warpscope::cuda {

/// bytes of device memory, freed on destruction. Move-only.
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t bytes) : bytes_(bytes) { WS_CUDA_CHECK(cudaMalloc(&ptr_, bytes)); }
  ~DeviceBuffer() {
    // A failure here (a sticky error already reported) must not throw from a destructor.
    if (ptr_) (void)cudaFree(ptr_);
  }
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : ptr_(std::exchange(other.ptr_, nullptr)), bytes_(std::exchange(other.bytes_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept {
    std::swap(ptr_, other.ptr_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  template <typename T>
  [[nodiscard]] T* as() const { return static_cast<T*>(ptr_); }
  [[nodiscard]] void* get() const { return ptr_; }
  [[nodiscard]] std::size_t bytes() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace warpscope::cuda
