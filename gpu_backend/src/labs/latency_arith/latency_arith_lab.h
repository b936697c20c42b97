#pragma once
// Lab "latency-arith" (Volkov, Better Performance at Lower Occupancy, part I): hiding FP32 FMA
// latency with threads (TLP) or with independent accumulators per thread (ILP).
//
// The room's core, shared by both backends: the declaration, the list of configurations a sweep
// visits, the assembly of measured or modelled points into a RunResult, and the lab's bench
// targets. The model (latency_arith_model.h) and the CUDA measurement (latency_arith_cuda.h)
// only produce one ArithMeasurement per ArithConfig.

#include <map>

#include <vector>

#include "labs/lab_definition.h"
#include "labs/latency_arith/ilp_values.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kLatencyArithId = "latency-arith";
/// FMAs each thread executes in total, split evenly over its ILP chains. Large enough that a
/// launch lasts ~0.1-0.3 ms on an H100 (well past launch overhead), small enough for a 2 s sweep.
inline constexpr int kArithFmasPerThread = 65536;

/// The declaration (built once).
const LabSpec& latencyArithSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition latencyArithLab();

/// One kernel configuration to measure.
struct ArithConfig {
  int ilp = 1;
  int threadsPerBlock = 32;
  int blocksPerSm = 1;
  [[nodiscard]] int threadsPerSm() const { return threadsPerBlock * blocksPerSm; }
};

/// What a backend reports for one ArithConfig: achieved GFLOP/s for the whole device
/// (2 flops per FMA). Median over timed repetitions, plus the slowest and fastest.
struct ArithMeasurement {
  ArithConfig config;
  double gflopsMedian = 0;
  double gflopsMin = 0;
  double gflopsMax = 0;
};

/// Throws BadInputError when threads_per_block x blocks_per_sm does not fit on one SM of the
/// device (names both parameters and the device's limit).
void checkArithFeasible(const DeviceInfo& device, const ParamSet& params);

/// The configurations a run visits: every ILP x threads per block (32..limit step 32) for a full
/// sweep; only the focus (ilp, threads_per_block) for FocusOnly.
std::vector<ArithConfig> arithPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope);

/// Turns measurements into views and scalars. peakGflops is the theoretical FP32 ceiling the
/// fractions are taken against (carried in the result as ceiling.fp32_gflops).
RunResult assembleArithResult(const DeviceInfo& device, const ParamSet& params,
                              const std::vector<ArithMeasurement>& points, double peakGflops,
                              RunScope scope);

// ---- Volkov's conclusions, read off a full sweep (the lab's bench targets) -------------------

/// Threads per SM each ILP needs for 90% of FP32 peak (ILPs that never reach it are absent).
std::map<int, double> threadsFor90PercentByIlp(const RunResult& sweep);

/// True when every higher ILP needs no more threads than a lower one, and ILP 4 needs fewer
/// than ILP 1.
bool moreIlpNeedsFewerThreads(const std::map<int, double>& threadsByIlp);

/// Best fraction of peak >= 0.95, and more ILP needs fewer threads (both gate on a GPU only).
std::vector<BenchCheck> latencyArithBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
