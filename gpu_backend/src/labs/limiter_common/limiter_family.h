#pragma once
/// \file limiter_family.h
/// What the limiter and roofline labs share about the limiter kernels (seed 001): the two
/// parameters, the plan of a run, the three times per intensity, the ceilings they are judged
/// against, and the rates read off them. Both backends produce LimiterPoints and LimiterCeilings
/// (limiter_family_model.h on a profile, limiter_bench.h on a GPU); each lab assembles its views.

#include <cstddef>
#include <string>
#include <vector>

#include "labs/limiter_common/limiter_shape.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/params.h"

namespace warpscope::labs {

/// Elements each array (input and output) holds: 64 Mi floats = 256 MiB each, 512 MiB of traffic
/// per launch of the full kernel; 4.3 x the 60 MiB L2 of an H200 for the input alone, so the
/// stream measures DRAM. Rounded down to a whole number of loop iterations for the grid.
inline constexpr std::size_t kLimiterTargetElements = std::size_t{64} << 20;

/// The family's two parameters: K at the focus, and occupancy.
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

/// The variants' times at one K (store-only does not depend on K: the same at every K).
struct LimiterPoint {
  int fmasPerElement = 1;
  VariantTime full;
  VariantTime memoryOnly;
  VariantTime mathOnly;
  VariantTime storeOnly;
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

/// Achieved rates of the full kernel at one point: GB/s (read + write) and GFLOP/s.
double limiterGBs(std::size_t elements, double ms);
double limiterGflops(std::size_t elements, int fmasPerElement, double ms);

}  // namespace warpscope::labs
