#pragma once
// Lab "matmul-tiling" (issue 7): SGEMM from the naive kernel, through seed 002's shared-memory
// tiles, to Volkov's "more outputs per thread" (Part IV): GFLOP/s, registers per thread,
// occupancy and shared-memory bytes per flop, beside cuBLAS SGEMM measured in the same run.
//
// The room's core, shared by both backends: the declaration, the variants a run visits, the
// assembly of measured or modelled records into a RunResult, and the bench targets. The model
// (matmul_model.h) and the CUDA measurement (matmul_tiling_cuda.h) only fill a MatmulRun.

#include <optional>
#include <string>
#include <vector>

#include "core/lab_definition.h"
#include "labs/matmul_tiling/sgemm_variants.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kMatmulTilingId = "matmul-tiling";

/// The declaration (built once).
const LabSpec& matmulTilingSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition matmulTilingLab();

/// "naive", "tiled", "rb1" ... "rb64", "rb64w": the variant's key in scalar ids.
std::string sgemmVariantKey(SgemmVariant variant);
/// "Naive", "Tiled 16x16", "1 out/thread", ..., "64 out (8x8)", "64 out, warp tiles": bar labels.
std::string sgemmVariantLabel(SgemmVariant variant, int tileWidth);
/// True for the register-blocking family the seed's trend is read on (1 .. 64 outputs per thread),
/// one variant per outputs count: the 8 x 8 in warp tiles, a second 64, is a bar of its own.
bool isRegisterBlocking(SgemmVariant variant);

/// What a backend reports for one variant.
struct SgemmRecord {
  SgemmVariant variant = SgemmVariant::Naive;
  double gflopsMedian = 0;
  double gflopsMin = 0;  ///< From the slowest repetition (the model: equal to the median).
  double gflopsMax = 0;
  int registersPerThread = 0;  ///< cudaFuncGetAttributes numRegs, or the model's estimate.
  int blocksPerSm = 0;
  double occupancyPct = 0;     ///< Resident warps / the SM's maximum, in percent.
  /// Achieved occupancy from the GPU's counters (sm__warps_active, in a launch of its own), in
  /// percent; -1 when not read (the simulator, or counters refused).
  double achievedOccupancyPct = -1;
  int spillBytes = 0;          ///< Local memory per thread (cudaFuncGetAttributes localSizeBytes).
  std::string limiter;         ///< The model's limiter ("FMA issue", "shared memory", "DRAM"); "" on a GPU.
};

/// A whole run: one record per variant in kSgemmVariants order, cuBLAS when measured.
struct MatmulRun {
  int n = 0;
  int tileWidth = 16;
  std::vector<SgemmRecord> variants;
  std::optional<SgemmRecord> cublas;  ///< Only gflops* are meaningful.
  std::string cublasAbsentReason;     ///< Why there is no cuBLAS bar ("" when there is one).
};

/// n and tile_width from the request (already validated against the declaration).
int matmulSize(const ParamSet& params);
int matmulTileWidth(const ParamSet& params);

/// Floating-point operations of one n x n x n SGEMM: 2 n^3.
double sgemmFlops(int n);

/// Turns a run into views and scalars. peakGflops: the theoretical FP32 ceiling.
RunResult assembleMatmulResult(const DeviceInfo& device, const ParamSet& params, const MatmulRun& run,
                               double peakGflops);

// ---- the seed's conclusions, read off a full run (the lab's bench targets) -------------------

/// True when GFLOP/s of the register-blocking family never drop by more than 3% from one step to
/// the next and end at least 2x above 1 output per thread, while occupancy never rises and ends
/// below its start. detail (when given) gets the numbers.
bool gflopsRiseWhileOccupancyFalls(const RunResult& result, std::string* detail);

/// Best variant >= 0.6 of cuBLAS (GPU only), and the seed's trend (GPU only).
std::vector<BenchCheck> matmulBenchChecks(const RunResult& result, const DeviceInfo& device);

}  // namespace warpscope::labs
