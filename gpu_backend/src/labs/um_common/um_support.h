#pragma once
/// \file um_support.h
/// What the um-* rooms' CUDA measurements share: the managed-memory safety cap (DEVICE.md: never
/// more than half of the free device memory), owning managed and pinned allocations, a CUDA
/// event, locations for cudaMemPrefetchAsync/cudaMemAdvise (CUDA 13 takes cudaMemLocation) and a
/// phase's median and spread. Host-only.

#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "labs/um_common/um_trace.h"

namespace warpscope::cuda {

/// The clock the rooms time their host-side phases with (the CPU's own page faults, a watchdog):
/// wall time on the host, where a CUDA event cannot see.
using HostClock = std::chrono::steady_clock;

/// Milliseconds from `a` to `b` on the host clock.
inline double msBetween(HostClock::time_point a, HostClock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

/// Half of the current device's free memory (cudaMemGetInfo now): the most managed memory a run
/// may allocate.
std::uint64_t managedMemoryCapBytes();

/// Throws BadInputError naming the cap when `bytes` of managed memory (what) would exceed half of
/// the current device's free memory (cudaMemGetInfo now): oversubscription can hang the GPU.
void checkManagedMemoryCap(std::uint64_t bytes, const std::string& what);

/// cudaMallocManaged(cudaMemAttachGlobal), freed on destruction. Move-only.
class ManagedBuffer {
 public:
  explicit ManagedBuffer(std::uint64_t bytes);
  ~ManagedBuffer();
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

/// cudaMallocHost (pinned) memory, freed on destruction.
class PinnedHostBuffer {
 public:
  explicit PinnedHostBuffer(std::uint64_t bytes);
  ~PinnedHostBuffer();
  PinnedHostBuffer(const PinnedHostBuffer&) = delete;
  PinnedHostBuffer& operator=(const PinnedHostBuffer&) = delete;
  template <typename T>
  [[nodiscard]] T* as() const { return static_cast<T*>(ptr_); }

 private:
  void* ptr_ = nullptr;
};

/// One CUDA event (timing enabled).
class CudaEvent {
 public:
  CudaEvent();
  ~CudaEvent();
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;
  void record(cudaStream_t stream = nullptr);
  [[nodiscard]] cudaEvent_t get() const { return event_; }
  /// Milliseconds from start to this event (both recorded; waits for this one).
  [[nodiscard]] double msSince(const CudaEvent& start) const;

 private:
  cudaEvent_t event_{};
};

cudaMemLocation gpuLocation(int ordinal);
cudaMemLocation hostLocation();

/// The phase's median, min and max over samples (ms); bytes for its GB/s.
labs::um::UmPhaseTiming phaseFrom(const std::string& name, const std::vector<double>& samplesMs, std::uint64_t bytes);

/// The 32-bit word the um-* rooms write at index i of a buffer in round `round` (a hash, so a
/// missed or doubled element changes a sum).
inline std::uint32_t umWordValue(std::uint64_t i, std::uint32_t round) {
  std::uint64_t z = i + 0x9E3779B97F4A7C15ull * (round + 1ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<std::uint32_t>(z ^ (z >> 31));
}

}  // namespace warpscope::cuda
