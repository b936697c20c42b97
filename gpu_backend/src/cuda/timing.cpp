#include "cuda/timing.h"

#include <algorithm>
#include <stdexcept>

#include "cuda/cuda_check.h"

namespace warpscope::cuda {
namespace {

/// Owns one CUDA event; cudaEventDefault keeps timing enabled.
class Event {
 public:
  Event() { WS_CUDA_CHECK(cudaEventCreate(&event_)); }
  ~Event() { (void)cudaEventDestroy(event_); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  [[nodiscard]] cudaEvent_t get() const { return event_; }

 private:
  cudaEvent_t event_{};
};

void throwIfCancelled(const CancelToken* cancel) {
  if (cancel && cancel->cancelled()) throw Cancelled{"cancelled between launches"};
}

float elapsedMs(const Event& start, const Event& stop) {
  float ms = 0;
  WS_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
  return ms;
}

}  // namespace

double median(std::vector<double> samples) {
  if (samples.empty()) throw std::logic_error("median of no samples");
  std::sort(samples.begin(), samples.end());
  const std::size_t mid = samples.size() / 2;
  return samples.size() % 2 ? samples[mid] : 0.5 * (samples[mid - 1] + samples[mid]);
}

RateStats ratesFrom(const TimingStats& t, double amountPerLaunch) {
  RateStats rates;
  rates.median = amountPerLaunch / (t.medianMs * 1e-3);
  rates.min = amountPerLaunch / (t.maxMs * 1e-3);
  rates.max = amountPerLaunch / (t.minMs * 1e-3);
  return rates;
}

TimingStats timeLaunches(const std::function<void()>& launch, const TimingPolicy& policy,
                         const CancelToken* cancel) {
  // The last warm-up is timed too: it decides how many repetitions a slow configuration gets.
  Event warmStart, warmStop;
  for (int i = 0; i < policy.warmups; ++i) {
    throwIfCancelled(cancel);
    if (i + 1 == policy.warmups) WS_CUDA_CHECK(cudaEventRecord(warmStart.get()));
    launch();
  }
  WS_CUDA_CHECK(cudaEventRecord(warmStop.get()));
  WS_CUDA_CHECK(cudaEventSynchronize(warmStop.get()));
  int reps = policy.reps;
  if (policy.warmups > 0) {
    const double warmMs = elapsedMs(warmStart, warmStop);
    // Keep the timed part of a slow configuration near reps x slowLaunchMs.
    if (warmMs > policy.slowLaunchMs)
      reps = std::clamp(static_cast<int>(policy.reps * policy.slowLaunchMs / warmMs), policy.minReps, policy.reps);
  }

  // One event pair per launch: the gap between launches (host enqueue) stays out of each sample.
  std::vector<Event> starts(static_cast<std::size_t>(reps));
  std::vector<Event> stops(static_cast<std::size_t>(reps));
  for (std::size_t i = 0; i < starts.size(); ++i) {
    throwIfCancelled(cancel);
    WS_CUDA_CHECK(cudaEventRecord(starts[i].get()));
    launch();
    WS_CUDA_CHECK(cudaEventRecord(stops[i].get()));
  }
  WS_CUDA_CHECK(cudaEventSynchronize(stops.back().get()));

  TimingStats stats;
  for (std::size_t i = 0; i < starts.size(); ++i) stats.samplesMs.push_back(elapsedMs(starts[i], stops[i]));
  stats.medianMs = median(stats.samplesMs);
  stats.minMs = *std::min_element(stats.samplesMs.begin(), stats.samplesMs.end());
  stats.maxMs = *std::max_element(stats.samplesMs.begin(), stats.samplesMs.end());
  return stats;
}

}  // namespace warpscope::cuda
