#pragma once
/// \file copy_bench.h
/// Measures and checks latency-memory configurations (Volkov part II) on one device.

#include <cstddef>
#include <memory>
#include <cstdint>
#include <functional>
#include <random>

#include "labs/latency_memory/latency_memory_lab.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "labs/latency_memory/volkov_copy.h"
#include "cuda/timing.h"

namespace warpscope::cuda {

/// The cache hint the lab's copy uses. Plain loads and stores measured 1-2% faster than streaming
/// (evict-first) ones on an H200 (docs/cuda_backend.md has the comparison).
inline constexpr CacheHint kLabCacheHint = CacheHint::Default;

/// Owns the source and destination (bufferBytes each). The backend keeps one per device between
/// runs (CopyBuffers in latency_memory_cuda.h); every measure() refills and re-poisons, so reuse is safe.
class CopyBench {
 public:
  CopyBench(const DeviceInfo& device, std::size_t bufferBytes, std::uint64_t seed,
            CacheHint hint = kLabCacheHint);

  /// Forces entry's blocks per SM (dynamic shared memory, confirmed by the occupancy API). When
  /// that level cannot be resident, returns achievedBlocksPerSm = 0 without launching. Otherwise
  /// fills the source with fresh random words, poisons the destination, times the copy and counts
  /// wrong words on the device. Throws CudaError, CheckFailed or Cancelled.
  labs::MemMeasurement measure(const labs::MemPlanEntry& entry, const TimingPolicy& policy,
                               const CancelToken* cancel);

  /// The copy the counters read: entry's configuration forced as in measure(), the source refilled
  /// and the destination poisoned, then `count` is handed the one untimed launch (it may run it or,
  /// without counters, not); when it ran, the destination is checked. Returns the bytes the copy
  /// reads (as many again are written). Throws CudaError, CheckFailed or BadInputError.
  std::size_t countedCopy(const labs::MemPlanEntry& entry,
                          const std::function<void(const std::function<void()>&)>& count);

  /// Fills the source with fresh random words (also what the memcpy ceiling copies).
  void fillSourceRandom();

  [[nodiscard]] void* source() const { return src_.get(); }
  [[nodiscard]] void* destination() const { return dst_.get(); }
  [[nodiscard]] std::size_t bufferBytes() const { return src_.bytes(); }
  /// Words compared on the device so far (all of them must have matched).
  [[nodiscard]] long long wordsVerified() const { return wordsVerified_; }
  /// Dynamic shared memory the last measure() used to force occupancy.
  [[nodiscard]] std::size_t lastDynamicSmemBytes() const { return lastSmem_; }

 private:
  /// Counts wrong destination words on the device; throws CheckFailed naming the configuration.
  void checkDestination(const labs::MemConfig& c, int blocksPerSm, std::size_t coveredBytes);

  DeviceInfo device_;
  CacheHint hint_;
  DeviceBuffer src_;
  DeviceBuffer dst_;
  DeviceBuffer mismatches_;
  std::mt19937_64 rng_;
  std::uint64_t sourceSeed_ = 0;
  long long wordsVerified_ = 0;
  std::size_t lastSmem_ = 0;
};

/// The copy source and destination of the last buffer size, kept on the device between runs: a
/// focus-only rerun (one slider step) would otherwise allocate 2 x buffer_mib and free it again,
/// and cudaFree waits for the whole device. Replaced when buffer_mib changes.
struct CopyBuffers : LabState {
  std::unique_ptr<CopyBench> bench;
};

}  // namespace warpscope::cuda
