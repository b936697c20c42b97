#pragma once
/// \file fma_chain_harness.h
/// What every measurement of FMA-chain kernels shares, written once (latency-arith's ArithBench
/// and the FP32 ceiling in fma_bench.h, register-vs-shared's RvsBench): one output float per
/// thread for the largest grid the device takes, a configuration's grid, fresh operands that keep
/// every chain bounded, the NaN poison before the launches, GFLOP/s from the timed launches, and
/// the check after them - every thread overwrote the poison, and the first, the last and two
/// random threads wrote exactly the host's recomputation.

#include <cstdint>
#include <functional>
#include <ostream>
#include <random>
#include <vector>

#include "cuda/device_buffer.h"
#include "cuda/timing.h"
#include "warpscope/device.h"

namespace warpscope::cuda {

class FmaChainHarness {
 public:
  /// Owns the output for maxThreadsPerSm x smCount threads; draws from a generator seeded with seed.
  FmaChainHarness(const DeviceInfo& device, std::uint64_t seed);

  /// A configuration's grid: blocksPerSm x SM count blocks of threadsPerBlock threads.
  struct Grid {
    unsigned blocks = 0;
    unsigned threads = 0;
  };
  /// Throws BadInputError when the grid has more threads than the SMs hold (the output's size).
  [[nodiscard]] Grid grid(int threadsPerBlock, int blocksPerSm) const;

  /// Fresh operands, drawn in the order asked for: b in [0.999, 0.9999) and c in [-0.5, 0.5). b near
  /// 1 keeps every chain bounded (it converges to c / (1 - b), at most 5000 in magnitude), so
  /// results stay finite and comparable.
  float drawMultiplier();
  float drawAddend();

  /// Poisons the first `threads` outputs: 0xFF bytes are a NaN, which no chain produces, so a
  /// thread that never wrote shows up.
  void poison(unsigned threads);
  [[nodiscard]] float* output() const { return out_.as<float>(); }

  /// Writes what failed, e.g. "FMA chains check failed (ILP 4, ...): "; `mismatch`: a value
  /// differs from the host's (the stream then prints 9 digits), else a thread left the poison.
  using Where = std::function<void(std::ostream& what, bool mismatch)>;
  /// Copies the first `threads` outputs back and checks them: every one finite (CheckFailed
  /// "<where>thread T of N wrote V"), and the first, the last and two random threads equal bit for
  /// bit to expected(tid) (CheckFailed "<where>thread T wrote V, the host's std::fmaf
  /// recomputation gives E").
  void check(unsigned threads, const std::function<float(unsigned tid)>& expected, const Where& where);

  /// Threads whose output was compared with the host's recomputation so far.
  [[nodiscard]] long long threadsVerified() const { return threadsVerified_; }

 private:
  DeviceInfo device_;
  DeviceBuffer out_;
  std::vector<float> host_;
  std::mt19937_64 rng_;
  long long threadsVerified_ = 0;
};

/// GFLOP/s of launches of `threads` threads running fmasPerThread FMAs each (2 flops an FMA).
RateStats fmaGflops(const TimingStats& t, double fmasPerThread, unsigned threads);

}  // namespace warpscope::cuda
