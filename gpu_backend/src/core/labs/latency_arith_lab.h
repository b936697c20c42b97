#pragma once
// Lab "latency-arith" (Volkov, Better Performance at Lower Occupancy, part I): hiding FP32 FMA
// latency with threads (TLP) or with independent accumulators per thread (ILP).
//
// This header is shared by both backends: the declaration, the list of configurations a sweep
// visits, and the assembly of measured or modelled points into a RunResult. A backend only
// produces one ArithMeasurement per ArithConfig.

#include <vector>

#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kLatencyArithId = "latency-arith";
/// The ILP values the kernels are compiled for (independent FMA chains per thread).
inline constexpr int kArithIlpValues[] = {1, 2, 3, 4, 6, 8};
/// FMAs each thread executes in total, split evenly over its ILP chains. Large enough that a
/// launch lasts ~0.1-0.3 ms on an H100 (well past launch overhead), small enough for a 2 s sweep.
inline constexpr int kArithFmasPerThread = 65536;

LabSpec latencyArithSpec();

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

/// Throws BadInputError when threads_per_block x blocks_per_sm does not fit on one SM of the
/// device (names both parameters and the device's limit).
void checkArithFeasible(const DeviceInfo& device, const ParamSet& params);

/// The configurations a run visits: every ILP x threads per block (32..limit step 32) for a full
/// sweep; only the focus (ilp, threads_per_block) for FocusOnly.
std::vector<ArithConfig> arithPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope);

/// Turns measurements into views and scalars. peakGflops is the theoretical FP32 ceiling the
/// fractions are taken against (carried in the result as ceiling.fp32_gflops).
RunResult assembleArithResult(const DeviceInfo& device, const ParamSet& params,
                              const std::vector<ArithMeasurement>& points, double peakGflops,
                              RunScope scope);

}  // namespace warpscope::labs
