#pragma once
/// \file um_multi_gpu_gpus.h
/// What every um-multi-gpu scenario on two real GPUs shares (CUDA side only): picking the pair,
/// peer access held for a scope, one GPU's checked and timed read, the host's sums to check
/// against, and the per-GPU phases a result reports.

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cuda/device_buffer.h"
#include "labs/um_common/um_trace.h"
#include "labs/um_multi_gpu/um_multi_gpu_scenario.h"

namespace warpscope::labs::multigpu {

inline constexpr const char* kLab = "um-multi-gpu";
inline constexpr unsigned kThreadsPerBlock = 256;
inline constexpr int kBlocksPerSm = 4;

/// "first touch", "peer copy", ...: a mode as the result names it.
const char* modeText(MultiGpuMode mode);

/// The run's two GPUs: the context's device and another one, a peer of it when there is one.
struct GpuPair {
  int gpu0 = 0;
  int gpu1 = 1;
  bool peer01 = false;  ///< gpu0 can access gpu1's memory.
  bool peer10 = false;  ///< gpu1 can access gpu0's memory.
};

/// The pair for the context's `ordinal`; BadInputError naming the count on a one-GPU machine.
GpuPair pickPair(int ordinal);

/// Lets `from` access `to`'s memory for as long as it lives, and takes back what it enabled (the
/// managed-memory modes run without explicit peer access, later runs in this process included).
class PeerAccess {
 public:
  PeerAccess(int from, int to);
  ~PeerAccess();
  PeerAccess(const PeerAccess&) = delete;
  PeerAccess& operator=(const PeerAccess&) = delete;

 private:
  int from_;
  int to_;
  bool enabled_ = false;
};

/// One GPU's sum kernel between its own pair of CUDA events, checked against the host's sum.
class TimedRead {
 public:
  explicit TimedRead(int device);
  ~TimedRead();
  TimedRead(const TimedRead&) = delete;
  TimedRead& operator=(const TimedRead&) = delete;

  /// Enqueues the sum of words [begin, end) on the device's default stream (returns at once).
  void launch(const unsigned* data, std::uint64_t begin, std::uint64_t end);
  /// Waits for the launch, checks its sum and returns its time in ms.
  double finish(unsigned long long expected, const std::string& what);

 private:
  int device_ = 0;
  unsigned blocks_ = 0;
  cuda::DeviceBuffer sum_;
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

/// The host's sum of the words [begin, end) the kernels wrote or the CPU filled with `seed`.
unsigned long long hostSum(std::uint64_t begin, std::uint64_t end, std::uint64_t seed);

/// The host's sums of the buffer in blocks of kSumBlockWords words (32 KiB: half of a buffer of
/// whole 64 KiB blocks is a whole number of them), so that any block-aligned range's expected sum
/// is a few additions.
inline constexpr std::uint64_t kSumBlockWords = 8192;

class BlockSums {
 public:
  BlockSums(std::uint64_t words, std::uint64_t seed);
  [[nodiscard]] unsigned long long of(std::uint64_t begin, std::uint64_t end) const;

 private:
  std::vector<unsigned long long> sums_;
};

/// Per repetition: each GPU's kernel times, one per pass it ran.
struct RepTimes {
  std::vector<double> gpu0;
  std::vector<double> gpu1;
};

/// "gpu0" / "gpu1" (all passes of a repetition added up) and, with more than one pass,
/// "gpu0 pass 1", "gpu0 pass 2", ... (each pass alone).
void addGpuPhases(um::UmScenarioResult& result, const std::vector<RepTimes>& reps, bool firstGpu,
                  std::uint64_t bytesPerPass);

}  // namespace warpscope::labs::multigpu
