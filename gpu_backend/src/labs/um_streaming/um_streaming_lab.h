#pragma once
/// \file um_streaming_lab.h
/// Lab "um-streaming" (Sakharnykh's streaming benchmark): how fast a CPU-initialised managed
/// buffer reaches a kernel on demand, by access granularity (one thread per 4 bytes to one warp
/// per 64 KiB and beyond), against cudaMemPrefetchAsync and explicit cudaMemcpy from pinned and
/// pageable memory; with the profiler's timeline and the page map of one scenario.
///
/// Shared by both backends: the declaration, the plan of scenarios and the assembly. The model
/// runs them in um_streaming_model.cpp, the GPU in um_streaming_cuda.cpp (um_streaming_measure.cpp
/// drives it).

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_streaming/um_streaming_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmStreamingId = "um-streaming";
/// Timed repetitions per scenario on a GPU (after one warm-up; one more is traced).
inline constexpr int kUmStreamingTimedReps = 3;

const LabSpec& umStreamingSpec();
LabDefinition umStreamingLab();

/// The scenarios a run times: on demand at every granularity choice, prefetch, both memcpys, then
/// the size study's prefetch and pinned memcpy at fixed sizes.
std::vector<StreamingScenario> streamingPlan(const ParamSet& params);
/// "on-demand thread/4B", "prefetch", "memcpy pinned", ...: the bars' categories.
std::string streamingScenarioName(const StreamingScenario& scenario);
/// The run's result from its scenarios (and on a GPU the model's).
RunResult assembleUmStreaming(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run);
std::vector<BenchCheck> umStreamingBenchChecks(const RunResult& sweep, const DeviceInfo& device);

RunResult simulateUmStreaming(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
RunResult measureUmStreaming(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
