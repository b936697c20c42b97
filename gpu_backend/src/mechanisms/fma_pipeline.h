#pragma once
/// \file fma_pipeline.h
/// The FP32 FMA pipeline (profile mechanism "fma_pipeline"): Little's law for dependent FMAs,
/// needed parallelism = FMA latency x issue rate (Volkov 2010, part I). Pure functions of the
/// profile, shared by latency-arith, occupancy, register-vs-shared, matmul-tiling and the
/// limiter family; docs/model.md derives every equation.

#include "mechanisms/device_profile.h"
#include "warpscope/device.h"

namespace warpscope::labs {

/// The FP32 pipeline's parameters (profile mechanism "fma_pipeline").
struct FmaPipeline {
  double fmaLatencyCycles = 0;  ///< Dependent FP32 FMA latency, SM cycles.
  int maxUsefulIlp = 1;         ///< Independent FMAs per warp the hardware overlaps.
  /// Instructions a scheduler may issue from one warp at an issue (2: dual issue, Kepler, GF104).
  int dispatchPerIssue = 1;
  /// SM (hot) clock cycles between a scheduler's issues: 2 on Fermi, whose schedulers run at half
  /// the shader clock; 1 from Kepler on.
  int hotClocksPerIssue = 1;
};

/// Reads and range-checks the profile's fma_pipeline mechanism (BadInputError naming the field).
FmaPipeline fmaPipeline(const sim::DeviceProfile& profile);

/// Warp instructions one scheduler can issue per cycle onto its FP32 lanes:
/// (lanes per SM / schedulers per SM) / warp size. 0.5 on GF100, Volta and Ampere; 1 on Hopper.
double fp32WarpIssueRatePerScheduler(const DeviceInfo& device);

/// Little's law for one scheduler: independent warp FMAs that must be in flight to issue every
/// cycle = dependent FMA latency x issue rate. 9 on a GTX480 (18 cycles x 0.5).
double neededWarpFmasInFlightPerScheduler(const DeviceInfo& device, const FmaPipeline& fma);

/// The most of its FP32 lanes one scheduler can feed, 0..1, whatever the warps: it issues
/// dispatchPerIssue instructions of one warp every hotClocksPerIssue cycles, but only independent
/// ones dual-issue, so at ILP 1 one a time. Below 1 only where the lanes take more than one issue
/// a cycle brings: Kepler's and GF104's 48 lanes a scheduler, at ILP 1 2/3 (Volkov 2010: "On GF104
/// you must use ILP to get >66% of peak").
double dispatchCeiling(const DeviceInfo& device, const FmaPipeline& fma, int ilp);

/// Fraction (0..1) of the theoretical FP32 peak reached with threadsPerSm resident threads, each
/// running ilp independent FMA chains. Warps are dealt round robin to the schedulers; each
/// scheduler issues at min(dispatchCeiling, its warps x min(ilp, maxUsefulIlp) / needed) of its rate, and the
/// run lasts as long as the busiest scheduler needs for its warps (all warps do equal work), so
/// an uneven deal costs throughput even when every scheduler is saturated. Lanes of a partly
/// filled warp do no work, so a partial warp counts for its share of 32 lanes.
double arithFractionOfPeak(const DeviceInfo& device, const FmaPipeline& fma, int threadsPerSm, int ilp);

}  // namespace warpscope::labs
