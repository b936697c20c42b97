#pragma once
// Lab "occupancy" (the lecture's occupancy examples, seed 003; register spilling, seed 001): how
// many blocks of a kernel fit on one SM, which resource runs out first and how far each would
// let occupancy rise, by CUDA's rules (register allocation per warp, shared-memory granularity
// and per-block reserve, the carveout) beside the lecture's simple arithmetic; and what a
// register cap costs when it forces spills.
//
// The room's core, shared by both backends: the declaration, the request a ParamSet describes,
// and the assembly of the calculator's answers and the register-cap points into a RunResult. The
// model (occupancy_model.h) and the CUDA measurement (occupancy_cuda.h) only produce the
// register-cap points (and, on a GPU, the calculator's check against the occupancy API).

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "mechanisms/occupancy_calculator.h"
#include "mechanisms/device_profile.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kOccupancyId = "occupancy";

/// The declaration (built once).
const LabSpec& occupancySpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition occupancyLab();

/// The kernel configuration the sliders describe.
OccupancyRequest occupancyRequestFrom(const ParamSet& params);

/// Throws BadInputError when a slider is beyond what this device allows at all (threads per
/// block, registers per thread, shared memory per block), naming the parameter and the limit.
void checkOccupancyInput(const DeviceInfo& device, const sim::OccupancyRules& rules, const ParamSet& params);

/// One register-cap variant of the live-values kernel (register_cap_kernel.h), measured on a GPU
/// or modelled.
struct RegisterCapPoint {
  int minBlocks = 0;            ///< __launch_bounds__(256, minBlocks); 0: none.
  int registerCap = 0;          ///< Registers ptxas was allowed per thread.
  int registersPerThread = 0;   ///< Registers it used (cudaFuncGetAttributes numRegs).
  int localBytesPerThread = 0;  ///< Local memory per thread: the spills (localSizeBytes).
  int blocksPerSm = 0;          ///< Resident blocks of 256 threads.
  double occupancyPct = 0;
  /// Achieved occupancy from the GPU's counters (sm__warps_active, in a launch of its own), in
  /// percent; -1 when not read (the simulator, or counters refused).
  double achievedPct = -1;
  double msMedian = 0;          ///< Time of the same work (one launch); min/max: the spread.
  double msMin = 0;
  double msMax = 0;
};

/// The calculator against cudaOccupancyMaxActiveBlocksPerMultiprocessor (GPU runs only).
struct CalculatorApiCheck {
  int configurations = 0;  ///< Kernels x block sizes x shared memory x carveouts compared.
  int mismatches = 0;
  std::string firstMismatch;  ///< "" when none.
};

/// The registers ptxas may use under __launch_bounds__(256, minBlocks): the register file shared
/// by minBlocks blocks of 256 threads, rounded down to 8 per thread (a warp's 256-register unit),
/// at most rules.maxRegistersPerThread.
int registerCapFor(const DeviceInfo& device, const sim::OccupancyRules& rules, int minBlocks);

/// Views and scalars: the limits and the three calculator curves at the sliders, the register-cap
/// bars, and (when given) the API check.
RunResult assembleOccupancyResult(const DeviceInfo& device, const sim::OccupancyRules& rules, const ParamSet& params,
                                  const std::vector<RegisterCapPoint>& caps, const CalculatorApiCheck* apiCheck);

/// GPU only: the calculator agrees with the occupancy API on every configuration tested.
std::vector<BenchCheck> occupancyBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
