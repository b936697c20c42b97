#pragma once
// Lab "register-vs-shared" (Volkov, Better Performance at Lower Occupancy, part III): a = a*b + c
// with b and c from registers or from shared memory, against threads per SM. Shared memory
// delivers several times fewer bytes per clock than the register file, so an FMA that reads an
// operand from it is capped far below FP32 peak however many threads run.
//
// The room's core, shared by both backends: the declaration, the plan, the assembly of measured
// or modelled points into a RunResult, and the bench targets. The model
// (register_vs_shared_model.h) and the CUDA measurement (register_vs_shared_cuda.h) only produce
// one RvsMeasurement per RvsConfig.

#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/register_vs_shared/rvs_values.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kRegisterVsSharedId = "register-vs-shared";

/// The declaration (built once).
const LabSpec& registerVsSharedSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition registerVsSharedLab();

/// "registers", "shared_1", "shared_2": the variant's key in scalar ids.
std::string rvsVariantKey(int variant);
/// "Registers (a, b, c)", "b from shared memory", "b and c from shared memory": the series' names.
std::string rvsVariantName(int variant);

/// One kernel configuration to measure.
struct RvsConfig {
  int variant = kRvsRegisters;
  int ilp = 4;
  int threadsPerBlock = 32;
  int blocksPerSm = 1;
  [[nodiscard]] int threadsPerSm() const { return threadsPerBlock * blocksPerSm; }
};

/// What a backend reports for one RvsConfig: whole-device GFLOP/s (2 flops per FMA), median
/// over timed repetitions plus the slowest and fastest.
struct RvsMeasurement {
  RvsConfig config;
  double gflopsMedian = 0;
  double gflopsMin = 0;
  double gflopsMax = 0;
};

/// The two ceilings the results are drawn against.
struct RvsCeilings {
  double fp32Gflops = 0;              ///< SMs x FP32 lanes x 2 x clock.
  double sharedBytesPerClockPerSm = 0;  ///< Shared-memory bandwidth of one SM.
  double sharedGbps = 0;              ///< bytes/clk/SM x SMs x clock.
  /// GFLOP/s the shared-memory bandwidth allows a variant: sharedGbps / (4 B x operands) x 2
  /// flops, never above the FP32 peak (the register variant: the FP32 peak).
  [[nodiscard]] double gflopsCap(int variant) const;
};

/// Ceilings of a device whose shared memory delivers bytesPerClockPerSm per SM per clock.
RvsCeilings rvsCeilings(const DeviceInfo& device, double sharedBytesPerClockPerSm);

/// Throws BadInputError when threads_per_block x blocks_per_sm does not fit on one SM.
void checkRvsFeasible(const DeviceInfo& device, const ParamSet& params);

/// The configurations a run visits: every variant x threads per block (32..limit step 32) at the
/// run's ILP and blocks per SM; only the focus threads per block (every variant) for FocusOnly.
std::vector<RvsConfig> rvsPlan(const DeviceInfo& device, const ParamSet& params, RunScope scope);

/// Turns measurements into views, scalars and notes. modelBest, when not empty, holds the
/// model's best GFLOP/s per variant (a GPU run shows them beside the measured bars).
RunResult assembleRvsResult(const DeviceInfo& device, const ParamSet& params,
                            const std::vector<RvsMeasurement>& points, const RvsCeilings& ceilings,
                            RunScope scope, const std::vector<double>& modelBest = {});

/// The register variant >= 0.9 of FP32 peak; each shared variant within 0.7..1.05 of its
/// shared-bandwidth cap; registers faster than one operand faster than two.
std::vector<BenchCheck> registerVsSharedBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
