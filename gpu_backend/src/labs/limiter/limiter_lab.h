#pragma once
// Lab "limiter" (seed 001, "the limiter method"): what limits a kernel, read off three versions of
// it. The full kernel streams a large array and runs K dependent FMAs per element; memory-only
// keeps its loads and stores and drops the math; math-only keeps the math and drops the loads
// (stores behind a never-true, data-dependent condition). Occupancy is held equal across the three.
//
// The room's core, shared by both backends: the declaration, the plan, the assembly of the three
// times per intensity into views, scalars and the verdict, and the bench targets. The model
// (limiter_model.h) and the CUDA measurement (limiter_cuda.h) only produce LimiterPoints and the
// two ceilings. The roofline lab (labs/roofline) reuses the plan, the points and the ceilings.

#include <string>
#include <vector>

#include "labs/lab_definition.h"
#include "labs/limiter/limiter_shape.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kLimiterId = "limiter";
/// Elements each array (input and output) holds: 64 Mi floats = 256 MiB each, 512 MiB of traffic
/// per launch of the full kernel; 4.3 x the 60 MiB L2 of an H200 for the input alone, so the
/// stream measures DRAM. Rounded down to a whole number of loop iterations for the grid.
inline constexpr std::size_t kLimiterTargetElements = std::size_t{64} << 20;
/// "Near its ceiling": achieved bandwidth or FLOP/s at least this fraction of the measured
/// ceiling. Below it for both, the kernel is latency bound (neither unit is kept busy).
inline constexpr double kLimiterNearCeiling = 0.6;

/// The declaration (built once).
const LabSpec& limiterSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition limiterLab();

/// The two parameters the roofline lab shares: K at the focus, and occupancy.
ParamSpec limiterFmasParam();
ParamSpec limiterOccupancyParam();

/// What the run covers: the K values and blocks per SM.
struct LimiterPlan {
  std::vector<int> fmasPerElement;
  int blocksPerSm = 0;
};

/// Blocks per SM for occupancy_pct percent of the most blocks of the limiter kernels that fit
/// (maxBlocksPerSm: the occupancy calculator's or the CUDA occupancy API's answer): rounded to
/// the nearest block, at least one.
int limiterBlocksForOccupancy(double occupancyPct, int maxBlocksPerSm);

/// Every K of kLimiterFmaValues for a full sweep; only the focus K for FocusOnly; blocks per SM
/// from occupancy_pct and maxBlocksPerSm. Throws BadInputError when maxBlocksPerSm < 1.
LimiterPlan limiterPlan(const ParamSet& params, RunScope scope, int maxBlocksPerSm);

/// Elements one launch covers on this device at blocksPerSm: kLimiterTargetElements rounded down to
/// a multiple of what the whole grid handles per loop iteration.
std::size_t limiterElements(const DeviceInfo& device, int blocksPerSm);

/// One variant's time per launch, ms: the median and the fastest and slowest repetition.
struct VariantTime {
  double ms = 0;
  double fastestMs = 0;
  double slowestMs = 0;
};

/// The three times at one K.
struct LimiterPoint {
  int fmasPerElement = 1;
  VariantTime full;
  VariantTime memoryOnly;
  VariantTime mathOnly;
  [[nodiscard]] const VariantTime& time(LimiterVariant v) const;
};

/// The ceilings a result is judged against, and where each comes from.
struct LimiterCeilings {
  double bandwidthGBs = 0;   ///< DRAM read+write GB/s (cudaMemcpy D2D on a GPU).
  double fmaGflops = 0;      ///< FP32 FMA peak, GFLOP/s (the latency-arith kernel on a GPU).
  std::string bandwidthSource;
  std::string fmaSource;
  /// Device-balanced flop:byte ratio, peak flops / peak bytes (the roofline's ridge point).
  [[nodiscard]] double balancedFlopPerByte() const { return bandwidthGBs > 0 ? fmaGflops / bandwidthGBs : 0; }
};

/// What limits a kernel, read off its achieved fractions of the two ceilings.
enum class LimiterVerdict { Memory = 0, Compute = 1, Latency = 2 };
/// "memory bound", "compute bound", "latency bound".
const char* verdictName(LimiterVerdict verdict);
/// Memory bound when achieved bandwidth is near its ceiling (>= kLimiterNearCeiling of it) and at
/// least as near as the FLOP/s are to theirs; compute bound when FLOP/s are near and nearer; latency
/// bound when neither is near (too little parallelism in flight to keep either unit busy).
LimiterVerdict limiterVerdict(double fractionOfBandwidth, double fractionOfFmaPeak);

/// How much of the shorter of memory-only and math-only time hid under the other in the full
/// kernel: (t_mem + t_math - t_full) / min(t_mem, t_math), clamped to 0..1. 1: the full kernel
/// takes no longer than the longer of the two (perfect overlap); 0: it takes their sum (none).
double limiterOverlap(double fullMs, double memoryOnlyMs, double mathOnlyMs);

/// Achieved rates of the full kernel at one point: GB/s (read + write) and GFLOP/s.
double limiterGBs(std::size_t elements, double ms);
double limiterGflops(std::size_t elements, int fmasPerElement, double ms);

/// Turns the three times per K into views, scalars and notes. `modelled` says whether the times
/// come from the model (series are named "Model" rather than "Measured").
RunResult assembleLimiterResult(const DeviceInfo& device, const ParamSet& params,
                                const std::vector<LimiterPoint>& points, const LimiterCeilings& ceilings,
                                std::size_t elements, int blocksPerSm, RunScope scope, bool modelled);

/// Memory named at the lowest intensity, arithmetic at the highest (gate on a GPU only).
std::vector<BenchCheck> limiterBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
