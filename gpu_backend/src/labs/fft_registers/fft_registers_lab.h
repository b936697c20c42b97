#pragma once
// Lab "fft-registers" (seed 000, Volkov Part V, Case study: FFT): a batch of complex
// single-precision FFTs of N = 256, 512 or 1024 points, each held in the registers of N / P
// threads (P = 2, 4, 8 or 16 points per thread): every pass does radix-P butterflies in registers,
// and the threads exchange their points through shared memory only between passes. More points
// per thread: fewer threads, fewer exchanges, more registers, lower occupancy, and more GFLOP/s,
// up to the bandwidth bound of one read and one write of the data; cuFFT's batched plan for the
// same data, measured in the same run, is the reference.
//
// The room's core, shared by both backends: the declaration, the plan, the records both fill and
// their assembly into views and scalars.

#include <optional>
#include <string>
#include <vector>

#include "labs/fft_registers/fft_registers_shape.h"
#include "core/lab_definition.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kFftRegistersId = "fft-registers";

const LabSpec& fftRegistersSpec();
LabDefinition fftRegistersLab();

/// What one run asks: N, the points per thread it visits (all four, or only the focus) and the
/// batch (kFftTotalPoints / N transforms).
struct FftPlan {
  unsigned points = 1024;
  unsigned focusPointsPerThread = 16;
  std::vector<unsigned> pointsPerThread;  ///< Increasing.
  unsigned batch = kFftTotalPoints / 1024;
  bool focusOnly = false;
};
FftPlan fftPlan(const ParamSet& params, RunScope scope);

/// Flops counted for one transform, the convention of cuFFT's and Volkov's GFLOP/s: 5 N log2 N.
double fftFlopsPerTransform(unsigned points);
/// GFLOP/s that a bandwidth of `gbps` (bytes read plus written per second, in GB/s) allows when
/// every point is read once and written once (16 bytes) and counts 5 log2 N flops.
double fftGflopsAtBandwidth(double gbps, unsigned points);

/// What each resource alone allows, by the model (GFLOP/s), and the one that binds.
struct FftModelLimits {
  double dramGflops = 0;     ///< The streaming ceiling: 16 bytes per point.
  double latencyGflops = 0;  ///< Little's law: the transforms resident per SM over each one's life.
  double issueGflops = 0;    ///< The SM's schedulers issuing every warp's instructions.
  double sharedGflops = 0;   ///< Shared-memory wavefronts of the exchanges.
  std::string limiter;       ///< "DRAM bandwidth", "memory latency", "instruction issue", "shared memory".
};

/// One points-per-thread variant, from either backend.
struct FftPoint {
  unsigned pointsPerThread = 16;
  double gflops = 0, gflopsMin = 0, gflopsMax = 0;  ///< Median, slowest and fastest launch.
  double modelGflops = 0;
  int registersPerThread = 0;  ///< cudaFuncGetAttributes, or the model's estimate.
  bool registersMeasured = false;
  int blocksPerSm = 0;
  double occupancyPct = 0;  ///< Resident warps / the SM's maximum.
  unsigned passes = 0;
  double sharedWavefrontsPerTransform = 0;  ///< The model's bank rule over every exchange.
  FftModelLimits limits;
  /// The checks' largest error over the transform's rms (-1: not compared).
  double errorVsCufft = -1;
  double errorVsHost = -1;
};

struct FftRateStats {
  double gflops = 0, gflopsMin = 0, gflopsMax = 0;
};

struct FftRun {
  FftPlan plan;
  std::vector<FftPoint> points;
  std::optional<FftRateStats> cufft;  ///< Measured only, and only with cuFFT in the build.
  std::string cufftAbsentReason;
  double bandwidthGBs = 0;         ///< cudaMemcpy device to device (read + write), or the model's.
  double bandwidthBoundGflops = 0;  ///< fftGflopsAtBandwidth(bandwidthGBs, N).
  bool measured = false;
};

const FftPoint* findFftPoint(const FftRun& run, unsigned pointsPerThread);

RunResult assembleFftRegistersResult(const DeviceInfo& device, const ParamSet& params, const FftRun& run,
                                     RunScope scope);

/// >= 0.8 of cuFFT's GFLOP/s and >= 0.7 of the bandwidth bound at the focus (GPU only), and the
/// seed's trend (GFLOP/s up, occupancy down from 2 to 16 points per thread).
std::vector<BenchCheck> fftRegistersBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
