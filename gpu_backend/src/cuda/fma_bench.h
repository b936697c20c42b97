#pragma once
/// \file fma_bench.h
/// Measures and checks FMA-chains configurations (Volkov part I) on one device: the latency-arith
/// lab's measurement, and the FP32 ceiling (measureFmaPeak) the limiter family is judged against.

#include <cstdint>

#include "cuda/fma_chain_harness.h"
#include "cuda/kernels/fma_chains_shape.h"
#include "cuda/timing.h"
#include "warpscope/device.h"

namespace warpscope::cuda {

/// What the host expects global thread tid to write: its chains recomputed with std::fmaf in the
/// kernel's order, then summed in the kernel's order. Bit-exact with the device (both fused, RN).
float referenceFmaThreadSum(unsigned tid, int ilp, int passes, float b, float c);

/// The FMA-chains kernel on the shared harness (fma_chain_harness.h); one per run.
class ArithBench {
 public:
  ArithBench(const DeviceInfo& device, std::uint64_t seed);

  /// Times one configuration (grid = blocksPerSm x SM count blocks of threadsPerBlock) with fresh
  /// random b and c, then checks every thread wrote a finite value and a sample of threads wrote
  /// exactly the host's value. Throws CudaError, CheckFailed or Cancelled.
  labs::ArithMeasurement measure(const labs::ArithConfig& config, const TimingPolicy& policy,
                                 const CancelToken* cancel);

  /// Threads whose output was compared with the host's recomputation so far.
  [[nodiscard]] long long threadsVerified() const { return harness_.threadsVerified(); }

 private:
  FmaChainHarness harness_;
};

/// The FP32 ceiling: the FMA-chains kernel (also latency-arith's) at its best configuration - ILP 4 and ILP 8, 256-thread blocks filling the SM - whichever is faster.
struct FmaPeak {
  double gflops = 0;
  int ilp = 0;
  int threadsPerSm = 0;
};
FmaPeak measureFmaPeak(const DeviceInfo& device, const CancelToken* cancel);

}  // namespace warpscope::cuda
