#pragma once
/// \file matmul_model.h
/// The simulator's model of matmul-tiling: per variant, the run takes as long as the slowest of
/// three resources (docs/labs/matmul-tiling.md derives each):
///   compute: 2 n^3 flops at the FP32 peak, scaled by the issue share of FMAs among the
///            instructions a thread runs per k step and by Little's law for FMA latency
///            (latency-arith's model, with the outputs per thread as the ILP);
///   shared:  the shared-memory (naive: L1) bytes loaded per flop over the SM's shared bandwidth;
///   DRAM:    every tile load from DRAM (tile reuse 1/BM + 1/BN), over the DRAM bandwidth;
/// and the last partial wave of blocks stretches the SM-local times. Registers per thread are an
/// estimate from the variant's structure; occupancy comes from the occupancy calculator.
/// The simulator has no cuBLAS: its bars stop at the lab's own kernels.

#include <string>

#include "mechanisms/fma_pipeline.h"
#include "labs/matmul_tiling/sgemm_variants.h"
#include "mechanisms/occupancy_calculator.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The profile's "matmul" mechanism.
struct MatmulParams {
  double sharedBytesPerClockPerSm = 0;  ///< Shared-memory (and L1) load bandwidth of one SM.
  int addressingRegisters = 0;          ///< Registers for pointers, indices and loop counters.
  double tileLoopInstructions = 0;      ///< Per tile: barriers, pointer updates, the loop branch.
};

/// Reads and range-checks the profile's matmul mechanism (BadInputError naming the field).
MatmulParams matmulParams(const sim::DeviceProfile& profile);

/// Registers per thread the model assumes: accumulators (outputs per thread) + operands and
/// staged global loads + addressing, capped at the architecture's maximum (the compiler would
/// spill the rest).
int estimatedRegisters(const SgemmTiling& tiling, const MatmulParams& params, int maxRegistersPerThread);

/// Issue share of FMAs: per k step a thread issues its outputs' FMAs plus its shared loads and
/// its share of the tile copy and loop; one scheduler issues one instruction per cycle and
/// fmaRate warp FMAs per cycle, so the FMAs need F / fmaRate cycles and everything F + other.
double fmaIssueFraction(const SgemmTiling& tiling, const MatmulParams& params, double fmaRatePerScheduler);

/// One variant's prediction.
struct SgemmPrediction {
  double gflops = 0;
  double computeGflops = 0;  ///< What compute alone allows (issue x latency hiding x waves).
  double sharedGflops = 0;   ///< What shared-memory (or L1) bandwidth alone allows.
  double dramGflops = 0;     ///< What DRAM bandwidth alone allows.
  double issueFraction = 0;
  double latencyFraction = 0;
  double waveEfficiency = 0;  ///< Blocks / (waves x resident block slots).
  int registers = 0;
  OccupancyResult occupancy;
  std::string limiter;  ///< "FMA issue", "shared memory", "L1" or "DRAM".
};

/// The model for one variant on a profile. Throws BadInputError if not one block fits.
SgemmPrediction predictSgemm(const sim::DeviceProfile& profile, const MatmulParams& params, const FmaPipeline& fma,
                             SgemmVariant variant, int tileWidth, int n);

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateMatmulTiling(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
