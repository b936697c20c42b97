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

/// FMAs each thread executes in total, split evenly over its ILP chains. Each point is one launch
/// between two CUDA events, which adds 6-8 us on an H100 (an empty kernel timed the same way): with
/// 65536 FMAs a launch at 128-256 threads per SM lasted only 33-66 us, and that overhead alone cut
/// ILP 4 at 256 threads to 0.88-0.90 of peak and ILP 6 at 128 to 0.77-0.82 where the kernel itself
/// ran at 0.95 (issue 28, measured with clock64 inside the kernel). 4x as many keep the overhead
/// under 5% at the shortest points and the sweep near a second.
inline constexpr int kArithFmasPerThread = 262144;

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

/// FMAs in one pass of the fully unrolled loop body, all chains together: 1024 FFMAs (16 KiB of
/// code) and 3 loop-control instructions (UIADD3, ISETP, BRA), 0.3% of the issue slots. What
/// costs is the taken branch: measured on an H100 (issue 28), a warp alone on its scheduler issues
/// nothing for ~35 cycles at every pass boundary, whatever the ILP. With 512 FFMAs a pass that cut
/// ILP >= 4 at 128 threads per SM to 0.936 FFMA per cycle, and ILP 4 at 256 to 0.95; with 1024,
/// 0.965 and 0.97. Not more: at 2048 (32 KiB) the loop no longer fits the instruction cache and a
/// lone warp drops to 0.855.
inline constexpr int kFmaBodyPerPass = 1024;

/// FMAs per chain per pass (ILP 3: 1023 FMAs per pass, ILP 6: 1020, not 1024).
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
