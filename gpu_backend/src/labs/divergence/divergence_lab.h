#pragma once
/// \file divergence_lab.h
/// Lab "divergence": what happens when the 32 lanes of a warp disagree on a branch. The warp runs
/// each path in turn with the other lanes masked off (SIMT), then reconverges; time grows with
/// the number of distinct paths a warp takes, not with the work any one thread does.
///
/// Shared by both backends: the declaration, the configurations a run times, the trace format
/// (one warp's path segments with their active masks) and the assembly of timings, trace and the
/// model's 4-thread table into a RunResult. The simulator fills them from the SIMT model
/// (divergence_model.h), the CUDA backend from instrumented kernels (divergence_cuda.h).

#include <cstdint>
#include <string>
#include <vector>

#include "labs/divergence/divergence_pattern.h"
#include "core/lab_definition.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kDivergenceId = "divergence";

/// The `pattern` choice's names, in DivergencePattern order.
const std::vector<std::string>& divergencePatternNames();
/// "odd-even" for DivergencePattern::OddEven.
std::string patternName(DivergencePattern pattern);

/// The declaration (parameters, views, bench targets).
const LabSpec& divergenceSpec();
/// The lab's entry in the list of labs (lab_list.cpp).
LabDefinition divergenceLab();

/// The switch path counts the time-vs-paths sweep visits (cheap enough for a 2 s GPU sweep).
inline constexpr int kSwitchSweepPaths[] = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32};
/// Dependent FMAs a thread of the uniform kernel runs in all (repetitions x work_fmas): ~140 us
/// per launch on an H200 at one warp per scheduler, far above launch overhead.
inline constexpr int kTargetFmasPerThread = 65536;
/// Repetitions of the divergent region in the traced launch (the timeline shows them all).
inline constexpr int kTraceReps = 2;

/// Launch shape of every kernel of a run (timed and traced).
struct LaunchShape {
  int warpsPerBlock = 4;
  int blocksPerSm = 1;
  int tracedSms = 2;  ///< SMs whose warps the timeline shows (at most the device's SMs).
  [[nodiscard]] int warpsPerSm() const { return warpsPerBlock * blocksPerSm; }
};

/// One kernel to time: a pattern with its settings, and where it sits on the time-vs-paths chart.
struct DivergenceConfig {
  std::string series;  ///< "switch", "uniform", "odd-even", or the chosen pattern's name.
  PatternShape shape;
  double distinctPaths = 1;  ///< Mean distinct paths per warp and repetition (the chart's x).
  int reps = 1;              ///< Repetitions of the divergent region per launch.
};

/// What a backend reports for one DivergenceConfig: kernel time in microseconds, the median over
/// timed launches and the fastest and slowest (the model sets all three equal).
struct DivergenceTiming {
  DivergenceConfig config;
  double medianUs = 0;
  double minUs = 0;
  double maxUs = 0;
};

/// One path segment of one warp: the lanes active on it and when it ran, in SM cycles on the
/// trace's common time base (the GPU's SMs aligned through %globaltimer; the model's start at 0).
struct TraceSegment {
  int path = 0;
  int rep = 0;
  std::uint32_t mask = 0;
  double start = 0;
  double end = 0;
};

/// One warp of the traced launch.
struct WarpTrace {
  int sm = 0;
  int block = 0;
  int warpInBlock = 0;
  std::vector<TraceSegment> segments;  ///< In time order.
};

/// The traced launch: every recorded warp, plus how its time base came about.
struct DivergenceTrace {
  std::vector<WarpTrace> warps;
  std::string timeBasis;  ///< A note: "model cycles" or how the GPU's SMs were aligned.
};

/// The pattern settings of params (work, k, probability, depth, spread, paths).
PatternShape patternShape(const ParamSet& params);
/// The launch shape of params.
LaunchShape launchShape(const ParamSet& params);
/// Repetitions of the divergent region per timed launch: kTargetFmasPerThread / work_fmas.
int repsForWork(int workFmas);

/// Mean over warps of the distinct path ids a warp runs per repetition (masks from the pattern).
double meanDistinctPaths(const PatternShape& shape, int warps);

/// Throws BadInputError when the launch does not fit on an SM of the device (names the
/// parameters and the device's limit).
void checkDivergenceFeasible(const DeviceInfo& device, const ParamSet& params);

/// The kernels a run times: uniform, switch with kSwitchSweepPaths, odd-even and the chosen
/// pattern (each once: the chosen one may be one of the others).
std::vector<DivergenceConfig> divergencePlan(const ParamSet& params, int warpsInGrid);

/// The chosen pattern's config in a plan (series == its name or the switch point it equals).
const DivergenceTiming* chosenTiming(const std::vector<DivergenceTiming>& timings, const ParamSet& params);

/// Warp efficiency: active lanes over 32, weighted by each segment's duration.
double warpEfficiency(const DivergenceTrace& trace);
/// The seed's control-flow divergence % over the trace's segments (each runs work_fmas instructions).
double traceControlFlowDivergencePct(const DivergenceTrace& trace);

// ---- The GPU's records and their alignment (host code, unit-tested without a GPU) ---------

/// One segment as the GPU recorded it (divergence_kernels.h: DivergenceRecord), before alignment.
struct RawSegment {
  std::uint64_t startClock = 0;
  std::uint64_t endClock = 0;
  std::uint64_t startGlobalNs = 0;
  std::uint32_t mask = 0;
  int sm = 0;
  int path = 0;
  int rep = 0;
};

/// A recorded warp before alignment.
struct RawWarp {
  int block = 0;
  int warpInBlock = 0;
  std::vector<RawSegment> segments;
};

/// How the SMs' clocks were put on one time base.
struct ClockAlignment {
  double cyclesPerNs = 0;            ///< SM clock fitted against %globaltimer over the whole trace.
  std::vector<int> sms;              ///< SM ids seen.
  std::vector<double> offsetCycles;  ///< Per SM (same order): clock64 - cyclesPerNs x (globaltimer - the earliest one).
  double worstResidualNs = 0;        ///< Largest |aligned time - globaltimer| over the records.
};

/// Puts every SM's clock64 on one time base: the SM clock rate is the least-squares slope of
/// clock64 against %globaltimer (pooled over SMs, each with its own intercept); each SM's offset
/// is the mean of clock64 - rate x globaltimer over its records. %globaltimer moves in 32 ns
/// steps on Hopper, so one pair is good to +-32 ns (+-63 cycles at 1.98 GHz); the mean over many
/// records is much better, and the truncation bias is the same on every SM. Times come out in
/// cycles from the earliest segment. Pure host code (unit-testable).
/// nominalCyclesPerNs (the driver's SM clock) is used only when the records cannot give a slope
/// (all on one %globaltimer tick).
DivergenceTrace alignTrace(const std::vector<RawWarp>& warps, double nominalCyclesPerNs, ClockAlignment* alignment);

/// Everything a backend hands to the assembly.
struct DivergenceRun {
  std::vector<DivergenceTiming> timings;  ///< The backend's own (measured on a GPU, modelled in the sim).
  std::vector<DivergenceTiming> model;    ///< On a GPU: the model's timings of the same plan; empty in the sim.
  DivergenceTrace trace;
  Grid table;                             ///< The model's 4-thread table.
  /// The chosen kernel's threads per warp instruction / 32 from the GPU's counters, in a launch of
  /// its own; -1 when not read (the simulator, or counters refused).
  double countersWarpEfficiency = -1;
  bool measured = false;
};

/// Views (time-vs-paths, slowdown-vs-paths, warp-timeline, simt-steps, warp-efficiency) and scalars.
RunResult assembleDivergenceResult(const DeviceInfo& device, const ParamSet& params, const DivergenceRun& run);

/// The timeline view of a trace: rows = warps of the first launch.tracedSms SMs (by SM id),
/// grouped "SM n", 32 lane sub-rows lit by the mask, span kind = path; steps = the n-th segment
/// of each repetition at its earliest warp, so stepping advances every warp one path at a time.
View warpTimelineView(const DivergenceTrace& trace, const PatternShape& shape, int tracedSms);

/// bench targets: on a GPU, slowdown vs paths within 15% of the model for switch 1..8 and
/// odd-even, and the instrumentation overhead; in the simulator, the run time.
std::vector<BenchCheck> divergenceBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
