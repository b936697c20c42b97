#pragma once
/// \file instruction_costs_lab.h
/// Lab "instruction-costs" (seed 001, Performance Tuning (2): "Instruction Throughput" and "Notes on
/// Instruction Counts"): what one source operation costs in instructions and in throughput, per
/// kind, with and without fast math, and the FP64 literal in a float expression.
///
/// The room's core, shared by both backends: the declaration, the feasibility check, and the
/// assembly of one InstructionCostRun (measured or modelled) into views and scalars. The model
/// (instruction_costs_model.h) and the CUDA measurement (instruction_costs_cuda.h) only fill runs.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/instruction_costs/instruction_costs_sass.h"
#include "labs/instruction_costs/instruction_costs_shape.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kInstructionCostsId = "instruction-costs";

/// The declaration (built once).
const LabSpec& instructionCostsSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition instructionCostsLab();

/// Throws BadInputError when threads_per_block x blocks_per_sm does not fit on one SM of the device
/// (names the parameters and the device's limit).
void checkInstructionCostsFeasible(const DeviceInfo& device, const ParamSet& params);

/// One kind's throughput: the median and the spread (the model sets all three equal).
struct InstructionCostPoint {
  InstructionKind kind = InstructionKind::Fp32Fma;
  double opsPerClockPerSm = 0, opsPerClockPerSmLow = 0, opsPerClockPerSmHigh = 0;
  double gops = 0, gopsLow = 0, gopsHigh = 0;  ///< whole GPU, 10^9 operations per second
  std::string limiter;                          ///< the model's: what bounds it
};

/// What a backend hands the assembly.
struct InstructionCostRun {
  std::vector<InstructionCostPoint> points;  ///< the run's own, every kind in InstructionKind order
  std::vector<InstructionCostPoint> model;   ///< the model beside a measurement (empty on a simulator)
  std::string modelDevice;                   ///< the profile the model beside a measurement used
  SassReading sass;                          ///< per-operation SASS counts, and where they come from
  std::string sassSeries;                    ///< the SASS bars' series name
};

/// Views (throughput, gops, sass), scalars per kind (ops_per_clk.K, gops.K, sass_per_op.K) and the
/// slide's ratios (ratio.fp64_over_fp32, speedup.sinf_fast, speedup.div_fast, speedup.expf_fast,
/// speedup.rsqrtf_fast, slowdown.literal_fp64).
RunResult assembleInstructionCosts(const DeviceInfo& device, const ParamSet& params, const InstructionCostRun& run);

/// FP32 FMA reaches 85% of the SM's FP32 lanes per clock (a GPU must; printed on a simulator).
std::vector<BenchCheck> instructionCostsBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
