#include "cuda/counters.h"

#include <cuda_profiler_api.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "cuda/cuda_check.h"
#include "cuda/cupti_loader.h"
#include "cuda/cupti_range_profiler.h"

namespace warpscope::cuda {
namespace {

using cupti::chipName;
using cupti::counterAvailability;
using cupti::CuptiFailure;
using cupti::currentContext;
using cupti::initializeProfilerOnce;
using cupti::isPermanentRefusal;
using cupti::ProfilerHost;
using cupti::RangeProfiler;
using cupti::rangesIn;
using cupti::refusalWords;

/// One metric set's host object and configuration image: built once per session, since building
/// them costs more than the reading itself. A host object configures every metric ever added to
/// it, so each set has its own.
struct MetricSetConfig {
  std::unique_ptr<ProfilerHost> host;
  std::vector<std::uint8_t> image;
  int passes = 0;
  /// Counter data images by the ranges they hold: made once, reused, freed only with the state
  /// (after the profiler is disabled). CUPTI keeps pointers into the images it was given, and
  /// freeing one it still points to crashes a later reading.
  std::map<std::size_t, std::vector<std::uint8_t>> counterData;
};

/// What the session remembers about counters on one device. The range profiler stays enabled
/// between readings: enabling is cheap, but the first start after it costs about 145 ms on an
/// H200 (later starts: none), which a slider move cannot afford. Between start and stop nothing
/// else runs, so the timed launches are never profiled (a device test checks their time).
struct CounterState : LabState {
  std::string refusal;  ///< Set once a refusal that cannot change was met.
  /// The chip's name and counter availability, asked once, before any profiler is enabled: CUPTI
  /// refuses the availability query (CUPTI_ERROR_INVALID_PARAMETER) while a session is active.
  std::string chip;
  std::vector<std::uint8_t> availability;
  std::map<std::string, MetricSetConfig> configs;  ///< By the metric names joined with ','.
  /// Declared after the configurations (and their counter data images): members are destroyed in
  /// reverse order, and the profiler must be disabled while the images it points into exist.
  std::unique_ptr<RangeProfiler> profiler;  ///< Enabled on first use; destroyed (disabled) by releaseCounters.
  /// The metric set and replay mode the profiler was enabled for: a range profiler object serves one
  /// of each (switching on one object crashes a later reading), so another disables it and enables anew.
  std::string profilerKey;

  /// Disables the profiler, then drops the counter data images it was given: an image initialised
  /// for one profiler object must not serve the next (reusing one crashed a later reading).
  void disableProfiler() {
    profiler.reset();
    profilerKey.clear();
    for (auto& [key, set] : configs) set.counterData.clear();
  }
};

/// WARPSCOPE_COUNTERS: unset (read them), "off" (do not), or "ncu" (leave them to Nsight Compute).
enum class CounterMode { Read, Off, LeftToNcu };
CounterMode counterMode() {
  const char* v = std::getenv("WARPSCOPE_COUNTERS");
  if (!v) return CounterMode::Read;
  if (std::strcmp(v, "off") == 0 || std::strcmp(v, "0") == 0) return CounterMode::Off;
  if (std::strcmp(v, "ncu") == 0) return CounterMode::LeftToNcu;
  return CounterMode::Read;
}

/// WARPSCOPE_TRACE_COUNTERS=1 prints how long each step of a reading took (to stderr).
class StepClock {
 public:
  StepClock() : on_(std::getenv("WARPSCOPE_TRACE_COUNTERS") != nullptr), last_(std::chrono::steady_clock::now()) {}
  void mark(const char* step) {
    if (!on_) return;
    const auto now = std::chrono::steady_clock::now();
    std::fprintf(stderr, "counters: %-28s %8.2f ms\n", step, std::chrono::duration<double, std::milli>(now - last_).count());
    last_ = now;
  }

 private:
  bool on_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace

double CounterReading::value(const std::string& metric) const {
  if (kernels.empty()) throw std::logic_error("no counters were read: " + unavailable);
  const auto it = kernels.front().find(metric);
  if (it == kernels.front().end()) throw std::logic_error("metric " + metric + " was not read");
  return it->second;
}

CounterReading readCounters(DeviceContext& context, const std::vector<std::string>& metrics,
                            const std::function<void()>& launch, int maxKernels, CounterReplay replay) {
  CounterReading reading;
  switch (counterMode()) {
    case CounterMode::Read: break;
    case CounterMode::Off:
      reading.unavailable = "hardware counters are turned off (WARPSCOPE_COUNTERS=off)";
      return reading;
    case CounterMode::LeftToNcu:
      // The same launches, unprofiled by us, between the markers `ncu --profile-from-start off`
      // waits for: Nsight Compute then reads exactly the launches Warpscope would have read.
      WS_CUDA_CHECK(cudaDeviceSynchronize());
      WS_CUDA_CHECK(cudaProfilerStart());
      launch();
      WS_CUDA_CHECK(cudaDeviceSynchronize());
      WS_CUDA_CHECK(cudaProfilerStop());
      reading.unavailable = "hardware counters are left to Nsight Compute (WARPSCOPE_COUNTERS=ncu): the counted "
                            "launches ran between cudaProfilerStart and cudaProfilerStop";
      return reading;
  }
  CounterState& state = context.labState<CounterState>();
  if (!state.refusal.empty()) {
    reading.unavailable = state.refusal;
    return reading;
  }
  if (const std::string& why = cuptiUnavailableReason(); !why.empty()) {
    reading.unavailable = "hardware counters are not read: " + why;
    return reading;
  }
  const std::size_t ranges = static_cast<std::size_t>(std::max(1, maxKernels));
  std::vector<const char*> names;
  for (const std::string& m : metrics) names.push_back(m.c_str());
  bool launched = false;
  StepClock clock;
  try {
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    initializeProfilerOnce();
    const CUcontext ctx = currentContext();
    clock.mark("initialize");
    std::string key;
    for (const std::string& m : metrics) key += m + ",";
    MetricSetConfig& set = state.configs[key];
    if (!set.host) {
      try {
        if (state.availability.empty()) {
          state.chip = chipName(context.ordinal);
          state.availability = counterAvailability(ctx);
        }
        set.host = std::make_unique<ProfilerHost>(state.chip, state.availability);
        set.image = set.host->configImage(names);
        set.passes = ProfilerHost::passes(set.image);
      } catch (...) {
        state.configs.erase(key);
        throw;
      }
    }
    ProfilerHost& host = *set.host;
    std::vector<std::uint8_t>& config = set.image;  // stable: CUPTI may keep a pointer to it
    reading.passes = set.passes;
    clock.mark("host and configuration");
    // A profiler object serves one metric set in one replay mode: switching either on it crashed.
    const std::string profilerKey = key + (replay == CounterReplay::Relaunch ? "relaunch" : "kernel replay");
    if (state.profiler && state.profilerKey != profilerKey) state.disableProfiler();
    if (!state.profiler) {
      state.profiler = std::make_unique<RangeProfiler>(ctx);
      state.profilerKey = profilerKey;
    }
    RangeProfiler& profiler = *state.profiler;
    clock.mark("enable");
    std::vector<std::uint8_t>& counterData = set.counterData[ranges];
    profiler.initializeCounterData(names, ranges, counterData);
    clock.mark("counter data image");
    profiler.configure(config, counterData, ranges,
                       replay == CounterReplay::Relaunch ? CUPTI_UserReplay : CUPTI_KernelReplay);
    clock.mark("set config");
    launched = true;
    // Kernel replay: one start/stop, CUPTI replays each kernel (saving and restoring memory).
    // Relaunch: launch() runs once per pass (it must give the same result every time).
    for (bool allPasses = false; !allPasses;) {
      profiler.start();
      try {
        launch();
        WS_CUDA_CHECK(cudaDeviceSynchronize());
      } catch (...) {
        state.disableProfiler();  // stops and disables: the error propagates to the run, as without counters
        throw;
      }
      allPasses = profiler.stop();
    }
    clock.mark("launches");
    profiler.decode();
    clock.mark("decode");
    const std::size_t got = rangesIn(counterData);
    for (std::size_t r = 0; r < got; ++r) reading.kernels.push_back(host.evaluate(counterData, r, names));
    clock.mark("evaluate");
    if (reading.kernels.empty()) reading.unavailable = "no kernel ran while the counters were read";
  } catch (const CuptiFailure& f) {
    state.disableProfiler();  // a fresh start next time, whatever state the failure left
    reading.kernels.clear();
    reading.unavailable = refusalWords(f);
    if (isPermanentRefusal(f.result) && !launched) state.refusal = reading.unavailable;
  }
  clock.mark("read");
  return reading;
}

CounterReading countersSkippedOnFocusMove() {
  CounterReading reading;
  reading.unavailable = "not read for a slider step (they cost more time than a redraw may take): the full run "
                        "that follows when the slider rests reads them";
  reading.skippedOnFocusMove = true;
  return reading;
}

void releaseCounters(DeviceContext& context) { context.labState<CounterState>().disableProfiler(); }

std::string counterScalarId(const std::string& metric) { return "counters." + metric; }

void addCounterScalars(RunResult& result, const CounterReading& reading,
                       const std::vector<std::pair<std::string, std::string>>& metricLabels,
                       const std::vector<std::string>& kernelKeys) {
  if (!reading.ok()) {
    result.notes.push_back(reading.skippedOnFocusMove
                               ? "Counters: " + reading.unavailable + "."
                               : "Counters: none read, " + reading.unavailable + "; the lab runs on without them.");
    return;
  }
  std::ostringstream note;
  note.precision(6);
  note << "Counters: read from the GPU with CUPTI's Range Profiling API in launches of their own (never the timed "
          "ones), in "
       << reading.passes << " pass" << (reading.passes == 1 ? "" : "es") << ":";
  const std::size_t kernels = kernelKeys.empty() ? 1 : std::min(kernelKeys.size(), reading.kernels.size());
  bool first = true;
  for (std::size_t k = 0; k < kernels; ++k) {
    const std::string prefix = kernelKeys.empty() ? "" : kernelKeys[k] + ".";
    for (const auto& [metric, label] : metricLabels) {
      const auto it = reading.kernels[k].find(metric);
      if (it == reading.kernels[k].end()) continue;
      result.scalars.push_back({counterScalarId(prefix + metric),
                                "Counter: " + label + (prefix.empty() ? "" : " (" + kernelKeys[k] + ")"), it->second, ""});
      note << (first ? " " : ", ") << prefix << metric << " = " << it->second;
      first = false;
    }
  }
  note << ".";
  result.notes.push_back(note.str());
}

}  // namespace warpscope::cuda
