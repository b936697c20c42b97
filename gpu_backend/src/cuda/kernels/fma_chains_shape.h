#pragma once
/// \file fma_chains_shape.h
/// The shape of the FMA-chains kernel (Volkov part I), written once: the ILP values it is compiled
/// for (also the latency-arith parameter's choices and the sweep's series), the FMAs per thread,
/// one configuration and its measured rate. Dependency-free, so the kernel (.cu, C++17), the host
/// checks and code built without CUDA (the lab, the model) all include it.

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// Independent FMA chains per thread the kernels are compiled for.
inline constexpr int kArithIlpValues[] = {1, 2, 3, 4, 6, 8};
inline constexpr int kArithIlpCount = sizeof(kArithIlpValues) / sizeof(kArithIlpValues[0]);

/// FMAs each thread executes in total, split evenly over its ILP chains. Large enough that a
/// launch lasts ~0.1-0.3 ms on an H100 (well past launch overhead), small enough for a 2 s sweep.
inline constexpr int kArithFmasPerThread = 65536;

/// One kernel configuration to measure.
struct ArithConfig {
  int ilp = 1;
  int threadsPerBlock = 32;
  int blocksPerSm = 1;
  [[nodiscard]] int threadsPerSm() const { return threadsPerBlock * blocksPerSm; }
};

/// What a backend reports for one ArithConfig: achieved GFLOP/s for the whole device
/// (2 flops per FMA). Median over timed repetitions, plus the slowest and fastest.
struct ArithMeasurement {
  ArithConfig config;
  double gflopsMedian = 0;
  double gflopsMin = 0;
  double gflopsMax = 0;
};

}  // namespace warpscope::labs

namespace warpscope::cuda {

/// FMAs in one pass of the fully unrolled loop body, all chains together. 512 FFMAs (8 KiB of
/// code) against 3 loop-control instructions keeps the loop's own issue slots near 0.6%: on Hopper
/// every scheduler issues one warp instruction per cycle, so any non-FMA instruction costs peak.
inline constexpr int kFmaBodyPerPass = 512;

/// FMAs per chain per pass (ILP 3 and 6: 510 FMAs per pass, not 512).
WS_HD constexpr int fmaPerChainPerPass(int ilp) { return kFmaBodyPerPass / ilp; }

/// Passes of the loop that bring a thread closest to, not over, fmasPerThread FMAs.
WS_HD constexpr int fmaPasses(int ilp, int fmasPerThread) { return fmasPerThread / (fmaPerChainPerPass(ilp) * ilp); }

/// FMAs a thread actually executes (what GFLOP/s must count).
WS_HD constexpr long long fmaExecutedPerThread(int ilp, int fmasPerThread) {
  return static_cast<long long>(fmaPasses(ilp, fmasPerThread)) * fmaPerChainPerPass(ilp) * ilp;
}

/// Starting value of chain `chain` of global thread `tid`: exact in float (k / 1024, k < 1024),
/// different per chain so no two chains are the same computation.
WS_HD inline float fmaInitialValue(unsigned tid, int chain) {
  return static_cast<float>((tid * 7u + static_cast<unsigned>(chain) * 13u) & 1023u) * 0.0009765625f;
}

}  // namespace warpscope::cuda
