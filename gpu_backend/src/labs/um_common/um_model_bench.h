#pragma once
/// \file um_model_bench.h
/// The UVM model bench's one way into the backend (app/warpscope_um_model_bench.cpp, through the
/// CMake target warpscope_um_model_bench_api): the scenarios it times, each a name and a run on
/// the model of a profile, by part of the bench. Declared here, in the family's shared room, and
/// defined by each um-* room beside its model (<lab>_model.cpp), so the bench names no lab room
/// and no room names another. The profiles are mechanisms/device_profile.h's.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "labs/um_common/um_trace.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs::um {

/// One configuration the bench times: its name in the bench's table and its run on a profile.
struct ModelBenchCase {
  std::string name;
  std::function<UmScenarioResult(const sim::DeviceProfile& profile)> run;
};

/// The policies' short names in the bench's table, in UmPolicy order.
inline constexpr const char* kBenchPolicyNames[] = {"none", "ReadMostly", "PreferredCpu", "PreferredGpu",
                                                    "AccessedByGpu"};

/// Part "labs", each scenario otherwise at its defaults: um-policies' five policies
/// (um_policies_model.cpp); um-thrashing's no advice, ReadMostly, PreferredCpu and AccessedByGpu,
/// each with 2% and 25% of the pages shared (um_thrashing_model.cpp); um-multi-gpu's five modes
/// (um_multi_gpu_model.cpp).
std::vector<ModelBenchCase> policiesBenchCases();
std::vector<ModelBenchCase> thrashingBenchCases();
std::vector<ModelBenchCase> multiGpuBenchCases();

/// Part "streaming": a bufferBytes buffer on demand at 4 B per thread and 1 KiB, 4 KiB, 64 KiB
/// and 2 MiB per warp, prefetched, and copied from pinned and pageable memory
/// (um_streaming_model.cpp).
std::vector<ModelBenchCase> streamingBenchCases(std::uint64_t bufferBytes);

/// Part "oversubscription": thread/4B and warp/64KB, each without and with ReadMostly, at 0.5,
/// 0.9, 1.1 and 1.5 x gpuMemoryBytes of working set (um_oversubscription_model.cpp).
std::vector<ModelBenchCase> oversubscriptionBenchCases(double gpuMemoryBytes);

}  // namespace warpscope::labs::um
