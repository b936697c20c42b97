#pragma once
/// \file timing.h
/// Times launches with CUDA events: warm-up launches first (module load, clocks ramping up, caches
/// and TLBs), then one event pair around each timed launch; the median is reported with the spread.

#include <functional>
#include <vector>

#include "cuda/run_errors.h"
#include "warpscope/backend.h"

namespace warpscope::cuda {

/// How many launches to time. A launch slower than slowLaunchMs gets fewer repetitions (never
/// below minReps) so a sweep of slow low-occupancy points stays within seconds.
struct TimingPolicy {
  int warmups = 2;
  int reps = 10;
  int minReps = 5;
  double slowLaunchMs = 20.0;
};

/// Per-launch times of one configuration, in milliseconds.
struct TimingStats {
  double medianMs = 0;
  double minMs = 0;
  double maxMs = 0;
  std::vector<double> samplesMs;
};

/// Rates from per-launch times, in amountPerLaunch per second: at the median launch, the slowest
/// (min, from the longest time) and the fastest (max, from the shortest time).
struct RateStats {
  double median = 0;
  double min = 0;
  double max = 0;
};

/// amountPerLaunch (e.g. GB moved or GFLOP executed by one launch) over t's times, per second.
RateStats ratesFrom(const TimingStats& t, double amountPerLaunch);

/// Calls launch() for the warm-ups and the timed repetitions on the default stream; checks cancel
/// (when given) before every launch. launch() must enqueue exactly one kernel or copy and check it
/// (WS_CUDA_CHECK_LAUNCH). Throws CudaError or Cancelled.
TimingStats timeLaunches(const std::function<void()>& launch, const TimingPolicy& policy,
                         const CancelToken* cancel);

/// Median of samples (the mean of the middle two for an even count). samples must not be empty.
double median(std::vector<double> samples);

}  // namespace warpscope::cuda
