#pragma once
/// \file limiter_counts.h
/// What the profiler counts for each limiter kernel (seed 001, "Analysis with the Profiler" and
/// "Instruction Throughput: Analysis"): warp instructions issued and executed, IPC and DRAM bytes.
/// On a GPU they are the hardware counters (read in launches of their own, limiter_cuda.cpp); on
/// a simulator the model's counts: instructions from the kernels' structure
/// (limiterInstructionsPerIteration), bytes from what each kernel moves, IPC from the model's time.

#include <cstddef>
#include <string>

#include "labs/limiter_common/limiter_shape.h"
#include "warpscope/device.h"

namespace warpscope::labs {

/// One kernel's counts at the focus K, device totals.
struct LimiterCounts {
  double instIssued = 0;    ///< Warp instructions issued (smsp__inst_issued.sum).
  double instExecuted = 0;  ///< Warp instructions executed (smsp__inst_executed.sum).
  double ipc = 0;           ///< Warp instructions executed per active cycle per SM.
  double dramBytes = 0;     ///< DRAM bytes read + written.
};

/// The counts of every variant, or why there are none.
struct LimiterCounterSet {
  bool available = false;
  bool modelled = false;   ///< The model's counts rather than the GPU's.
  std::string why;         ///< Why none were read (available == false).
  LimiterCounts variant[kLimiterVariantCount];
  [[nodiscard]] const LimiterCounts& of(LimiterVariant v) const { return variant[static_cast<int>(v)]; }
};

/// The model's counts for `variant` at K over `elements` elements that ran for activeMs (the
/// kernel's time without launch overhead): instructions from the kernel's structure, issued =
/// executed (nothing in these kernels serializes: no shared memory, no divergence, coalesced
/// accesses), DRAM bytes = what the kernel moves (the arrays are several times the L2), IPC =
/// executed / (SMs x active cycles at the profile's clock).
LimiterCounts limiterModelCounts(const DeviceInfo& device, LimiterVariant variant, int fmasPerElement,
                                 std::size_t elements, double activeMs);

/// The seed's instruction:byte ratio: thread instructions issued (32 x warp instructions) per
/// DRAM byte; 0 when no bytes moved.
double limiterInstructionsPerByte(const LimiterCounts& counts, int warpSize);

/// Peak IPC per SM for FP32 instructions alone: schedulers x warp FMAs each issues per cycle
/// (4 on Hopper, 2 on Ampere and Volta): the seed's "fp32 only: IPC of 2.0 possible" on Fermi.
double limiterFp32IpcPeak(const DeviceInfo& device);

}  // namespace warpscope::labs
