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

#include "core/lab_definition.h"
#include "cuda/kernels/fma_chains_shape.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kLatencyArithId = "latency-arith";

/// The declaration (built once).
const LabSpec& latencyArithSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition latencyArithLab();

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
