#pragma once
// Lab "latency-memory" (Volkov, part II): hiding DRAM latency with occupancy (threads) or with
// bytes in flight per thread (more elements, wider elements).
//
// The room's core, shared by both backends like latency_arith_lab.h: declaration, sweep plan,
// result assembly and the lab's bench targets.

#include <vector>

#include "core/lab_definition.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kLatencyMemoryId = "latency-memory";

/// The declaration (built once).
const LabSpec& latencyMemorySpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition latencyMemoryLab();

/// One copy-kernel configuration: each thread loads elementsPerThread elements of elementBytes
/// (4: float, 8: float2, 16: float4) before storing any, with blocksPerSm resident blocks
/// (occupancy forced by dynamic shared memory).
struct MemConfig {
  int elementsPerThread = 1;
  int elementBytes = 4;
  int threadsPerBlock = 64;
  int blocksPerSm = 1;
  [[nodiscard]] int bytesPerThread() const { return elementsPerThread * elementBytes; }
};

/// The view a configuration belongs to.
enum class MemSweep { VsOccupancy, VsBytesPerThread };

struct MemPlanEntry {
  MemConfig config;
  MemSweep sweep = MemSweep::VsOccupancy;
};

/// What a backend reports for one configuration. achievedBlocksPerSm is what the occupancy API
/// (or the model's occupancy calculator) confirmed; 0 means the configuration cannot be resident
/// (e.g. registers run out) and the point is dropped with a note. Bandwidth counts bytes read
/// plus bytes written.
struct MemMeasurement {
  MemPlanEntry entry;
  int achievedBlocksPerSm = 0;
  double gbpsMedian = 0;
  double gbpsMin = 0;
  double gbpsMax = 0;
};

/// Occupancy (% of the SM's thread slots) of blocksPerSm blocks of threadsPerBlock threads.
double occupancyPercent(const DeviceInfo& device, int threadsPerBlock, int blocksPerSm);

/// The blocks-per-SM level nearest to occupancy_pct for the chosen threads_per_block.
int focusBlocksPerSm(const DeviceInfo& device, const ParamSet& params);

/// Full sweep: the standard bytes-per-thread series over occupancy levels, plus the focus
/// configuration's own series if it is not standard, plus every element size x element count at
/// the focus occupancy. FocusOnly: the focus configuration once (VsOccupancy).
std::vector<MemPlanEntry> memoryPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope);

/// The focus copy's DRAM traffic: the bytes it reads (and writes as many), and what the GPU's
/// counters saw in a launch of its own (-1: not read: the simulator, a slider step, refused).
struct DramWitness {
  double copyBytes = 0;  ///< 0: the buffer_mib parameter's size (the model).
  double readBytes = -1;
  double writeBytes = -1;
};

/// Builds the five views and the scalars. memcpyGbps is cudaMemcpy device-to-device bandwidth
/// (bytes read + written) measured in the same session (or modelled), with its spread.
RunResult assembleMemoryResult(const DeviceInfo& device, const ParamSet& params,
                               const std::vector<MemMeasurement>& points, double memcpyGbps,
                               double memcpyGbpsMin, double memcpyGbpsMax, RunScope scope,
                               const DramWitness& dram = {});

/// The best fraction of cudaMemcpy the series of bytesPerThread reach at or below
/// maxOccupancyPct on the fraction-vs-occupancy view; -1 when absent.
double bestFractionAtOrBelowOccupancy(const RunResult& sweep, int bytesPerThread, double maxOccupancyPct);

/// Best fraction of cudaMemcpy >= 0.95; at <= 12.5% occupancy >= 128 B/thread reaches >= 0.75
/// while 4 B/thread stays far below (both gate on a GPU only).
std::vector<BenchCheck> latencyMemoryBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
