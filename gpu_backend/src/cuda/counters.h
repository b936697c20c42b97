#pragma once
/// \file counters.h
/// The GPU's own hardware counters around a kernel launch, read with CUPTI's Range Profiling API
/// (CUDA 13): a lab's measurement names the metrics it wants (Nsight Compute's names, e.g.
/// "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") and a function that launches the kernel;
/// each kernel launched there is one range, run as many passes as the metrics need (relaunched, or
/// replayed by CUPTI: CounterReplay). Those launches are counters' own:
/// never call readCounters around timed launches, and never time what it launches.
///
/// Counters can be refused: not allowed for this user (ERR_NVGPUCTRPERM), not supported on the
/// device (a virtual GPU, MIG, WSL), or turned off with WARPSCOPE_COUNTERS=off. With
/// WARPSCOPE_COUNTERS=ncu the counted launches run unprofiled between cudaProfilerStart and
/// cudaProfilerStop, so that `ncu --profile-from-start off` reads exactly those launches (the
/// check of every metric against Nsight Compute, scripts/counters-vs-ncu.sh). Without counters the
/// reading says why in words and the lab runs on: readCounters never throws for that.

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cuda/device_context.h"
#include "warpscope/result.h"

namespace warpscope::cuda {

/// One kernel's metric values, by metric name.
using MetricValues = std::map<std::string, double>;

/// What one reading gave.
struct CounterReading {
  std::vector<MetricValues> kernels;  ///< One per kernel launched, in launch order.
  int passes = 0;                     ///< Replay passes each kernel needed for these metrics.
  std::string unavailable;            ///< Why there are no counters ("" when read).
  bool skippedOnFocusMove = false;    ///< Not read on purpose (a slider step), not refused.
  [[nodiscard]] bool ok() const { return unavailable.empty(); }
  /// The first kernel's value of `metric` (the reading must be ok and hold it).
  [[nodiscard]] double value(const std::string& metric) const;
};

/// How the passes a metric set needs are made.
enum class CounterReplay {
  /// launch() is called once per pass: for launches that give the same result every time (a
  /// copy, a product), and the cheap way, since nothing is saved or restored.
  Relaunch,
  /// launch() is called once and CUPTI replays each kernel, saving and restoring the device
  /// memory between passes: for kernels that accumulate (atomics).
  Kernel,
};

/// Collects `metrics` for every kernel that `launch` runs on the context's device (at most
/// maxKernels of them), synchronising at the end. CUDA errors inside `launch` propagate as they
/// would without counters. A refusal (see above), or any CUPTI call that fails, is returned in
/// `unavailable` with the call and CUPTI's words, and remembered for the session when it cannot
/// change (permission, support).
CounterReading readCounters(DeviceContext& context, const std::vector<std::string>& metrics,
                            const std::function<void()>& launch, int maxKernels = 1,
                            CounterReplay replay = CounterReplay::Relaunch);

/// The reading of a focus rerun (one slider step): none. Reading takes 10-45 ms (one to three
/// passes of 10-15 ms on the H200), more than a slider step may take to redraw (50 ms); the full
/// run that the window starts once the slider rests reads them (a lab marks a view followsFocus).
CounterReading countersSkippedOnFocusMove();

/// Disables the range profiler readCounters keeps enabled on the device between readings: for code
/// that uses CUPTI otherwise (the unified-memory capture), and before the context goes.
void releaseCounters(DeviceContext& context);

/// The scalar id a metric is reported under: "counters." + metric.
std::string counterScalarId(const std::string& metric);

/// Adds a reading to a result: a scalar per metric (label "Counter: " + label) and a note saying
/// what was read, how, and in how many passes; or, when there are no counters, a note saying why.
/// Without kernelKeys the first kernel's values are "counters.<metric>"; with them, kernel i's are
/// "counters.<kernelKeys[i]>.<metric>" (several kernels in one reading).
void addCounterScalars(RunResult& result, const CounterReading& reading,
                       const std::vector<std::pair<std::string, std::string>>& metricLabels,
                       const std::vector<std::string>& kernelKeys = {});

}  // namespace warpscope::cuda
