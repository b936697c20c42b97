#pragma once
/// \file limiter_bench.h
/// Measures and checks the limiter family (full, memory-only, math-only, store-only) on one device, and the
/// two ceilings the limiter and roofline labs judge it against.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cuda/counters.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/fma_bench.h"
#include "cuda/timing.h"
#include "labs/limiter_common/limiter_family.h"

namespace warpscope::cuda {

/// The host's recomputation of one element's chain: K x std::fmaf(acc, b, kLimiterAddend) in the
/// kernel's order; bit-exact with the device (both fused, round to nearest).
float referenceLimiterChain(float x, int fmasPerElement, float b);

/// Owns the input and output arrays (kLimiterTargetElements floats each). Kept on the device
/// between runs (LimiterState); every measure() re-poisons its output, so reuse is safe.
class LimiterBench {
 public:
  LimiterBench(const DeviceInfo& device, std::uint64_t seed);

  /// Fills the input with fresh random values (a new seed): once per run.
  void refillInput();

  /// Forces blocksPerSm for the variant's kernel at K (padding dynamic shared memory, confirmed by
  /// the occupancy API; BadInputError when that level cannot be resident), poisons the output,
  /// times the launches with a fresh random b, then checks the output: full - no element left
  /// poisoned and sampled elements equal to the host's recomputation bit for bit; memory-only -
  /// every element equal to its input; math-only - every element still poisoned (the guarded
  /// stores never ran); store-only - every element equal to limiterMathOnlyValue(i).
  /// Throws CudaError, CheckFailed, BadInputError or Cancelled.
  labs::VariantTime measure(labs::LimiterVariant variant, int fmasPerElement, int blocksPerSm,
                            const TimingPolicy& policy, const CancelToken* cancel);

  /// The variant's hardware counters in launches of their own (never timed), set up and checked
  /// as measure() does; the reading says why when there are no counters.
  CounterReading count(DeviceContext& context, labs::LimiterVariant variant, int fmasPerElement, int blocksPerSm,
                       const std::vector<std::string>& metrics);

  /// The most blocks of 256 threads an SM holds for every limiter kernel without padding (the
  /// least over the variants and unrolls, cudaOccupancyMaxActiveBlocksPerMultiprocessor after
  /// asking for the largest shared-memory carveout): 100% of occupancy_pct.
  int maxBlocksPerSm();

  /// Elements one launch covers at blocksPerSm (labs::limiterElements).
  [[nodiscard]] std::size_t elements(int blocksPerSm) const { return labs::limiterElements(device_, blocksPerSm); }
  [[nodiscard]] void* input() const { return in_.get(); }
  [[nodiscard]] void* output() const { return out_.get(); }
  [[nodiscard]] std::size_t arrayBytes() const { return in_.bytes(); }
  /// The seed of the input's values (limiterInputValue(seed, i)) since the last refill.
  [[nodiscard]] std::uint64_t inputSeed() const { return inputSeed_; }
  /// Elements checked so far: compared on the device (all of them) and recomputed on the host.
  [[nodiscard]] long long elementsCheckedOnDevice() const { return checkedOnDevice_; }
  [[nodiscard]] long long elementsRecomputedOnHost() const { return recomputedOnHost_; }
  /// Padding dynamic shared memory each kernel got at the last blocks per SM ("" key: none yet).
  [[nodiscard]] const std::map<std::string, std::size_t>& paddingBytes() const { return padding_; }

 private:
  /// Forces occupancy, draws b, poisons the output; returns the launch.
  std::function<void()> prepare(labs::LimiterVariant variant, int fmasPerElement, int blocksPerSm, float* b);
  std::size_t forcedPadding(labs::LimiterVariant variant, int fmasPerElement, int blocksPerSm);
  unsigned long long countOnDevice(bool poisonWords, std::size_t elements);
  void check(labs::LimiterVariant variant, int fmasPerElement, std::size_t elements, float b);

  DeviceInfo device_;
  DeviceBuffer in_;
  DeviceBuffer out_;
  DeviceBuffer counter_;
  std::mt19937_64 rng_;
  std::uint64_t inputSeed_ = 0;
  std::map<std::pair<const void*, int>, std::size_t> forced_;
  std::map<std::string, std::size_t> padding_;
  long long checkedOnDevice_ = 0;
  long long recomputedOnHost_ = 0;
};

/// What the limiter and roofline labs keep on a device between runs: the arrays, and the FMA peak
/// (measured once per session, like the memcpy ceiling the context caches).
struct LimiterState : LabState {
  std::unique_ptr<LimiterBench> bench;
  FmaPeak fmaPeak;
};

/// The state's bench (allocated on first use) with a freshly filled input, and both ceilings
/// (memcpy D2D of the 256 MiB arrays, and the FMA peak), measured once per session.
LimiterBench& limiterBenchFor(DeviceContext& context, labs::LimiterCeilings* ceilings, const CancelToken* cancel);

}  // namespace warpscope::cuda
