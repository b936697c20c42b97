#pragma once
/// \file um_streaming_lab.h
/// Lab "um-streaming" (Sakharnykh's streaming benchmark): how fast a CPU-initialised managed
/// buffer reaches a kernel on demand, by access granularity (one thread per 4 bytes to one warp
/// per 64 KiB and beyond), against cudaMemPrefetchAsync and explicit cudaMemcpy from pinned and
/// pageable memory; with the profiler's timeline and the page map of one scenario.
///
/// Shared by both backends: the declaration, and the room the family's shell runs
/// (um_common/um_lab_run.h): the plan of scenarios and the assembly. The model runs a scenario in
/// um_streaming_model.cpp, the GPU in um_streaming_cuda.cpp.

#include <vector>

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_streaming/um_streaming_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmStreamingId = "um-streaming";

const LabSpec& umStreamingSpec();
LabDefinition umStreamingLab();
const um::PlanRoom<StreamingScenario>& umStreamingRoom();
std::vector<BenchCheck> umStreamingBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
