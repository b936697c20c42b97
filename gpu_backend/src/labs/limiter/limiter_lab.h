#pragma once
// Lab "limiter" (seed 001, "the limiter method"): what limits a kernel, read off three versions of
// it. The full kernel streams a large array and runs K dependent FMAs per element; memory-only
// keeps its loads and stores and drops the math; math-only keeps the math and drops the loads
// (stores behind a never-true, data-dependent condition). Occupancy is held equal across the three.
//
// The room's core, shared by both backends: the declaration, the assembly of the three times per
// intensity into views, scalars and the verdict, and the bench targets. What the roofline lab
// shares with this one (the kernels, the plan, the points, the ceilings, their model and bench,
// and the frame of the assembly: limiter_assembly.h) lives in the family's room, labs/limiter_common.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/limiter/limiter_counts.h"
#include "labs/limiter/limiter_sync.h"
#include "labs/limiter_common/limiter_family.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kLimiterId = "limiter";
/// "Near its ceiling": achieved bandwidth or FLOP/s at least this fraction of the measured
/// ceiling. Below it for both, the kernel is latency bound (neither unit is kept busy).
inline constexpr double kLimiterNearCeiling = 0.6;
/// The ratio view's category for the profiler's instruction:byte ratio (counters or the model's).
inline constexpr const char* kCountedRatioCategory = "All instructions issued : byte (profiler)";

/// The declaration (built once).
const LabSpec& limiterSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition limiterLab();

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

/// What a run adds beside the variants' times: the profiler's counts at the focus K and the
/// __syncthreads() experiment (either may be absent: its view then says so).
struct LimiterExtras {
  LimiterCounterSet counters;
  LimiterSyncTimes sync;
};

/// Turns the variants' times per K into views, scalars and notes. `modelled` says whether the times
/// come from the model (series are named "Model" rather than "Measured").
RunResult assembleLimiterResult(const DeviceInfo& device, const ParamSet& params,
                                const std::vector<LimiterPoint>& points, const LimiterCeilings& ceilings,
                                std::size_t elements, int blocksPerSm, RunScope scope, bool modelled,
                                const LimiterExtras& extras = {});

/// The profiler's view (counters-per-element) and scalars at the focus K, and its category in the
/// ratio view (limiter_profiler_views.cpp).
View limiterCountersView(const LabSpec& lab, const LimiterCounterSet& counters, int focusK, std::size_t elements,
                         int warpSize);
void addLimiterCounterScalars(RunResult& result, const LimiterCounterSet& counters, const DeviceInfo& device);
/// The __syncthreads() view (sync-overlap) and its scalars (limiter_sync_views.cpp).
View limiterSyncView(const LabSpec& lab, const LimiterSyncTimes& sync, bool modelled);
void addLimiterSyncScalars(RunResult& result, const LimiterSyncTimes& sync);

/// Memory named at the lowest intensity, arithmetic at the highest (gate on a GPU only).
std::vector<BenchCheck> limiterBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
