#include "labs/matmul_tiling/matmul_tiling_cuda.h"

#include <random>
#include <sstream>

#include "cuda/device_context.h"
#include "labs/matmul_tiling/matmul_tiling_lab.h"
#include "cuda/counters.h"
#include "labs/matmul_tiling/sgemm_bench.h"

namespace warpscope::labs {

using cuda::SgemmBench;
using cuda::TimingPolicy;

namespace {

/// Nsight Compute's achieved occupancy: active warps per cycle over the SM's maximum, in percent.
constexpr const char* kWarpsActiveMetric = "sm__warps_active.avg.pct_of_peak_sustained_active";

/// Two warm-ups (module load and cuBLAS's kernel selection stay out of the samples), then up to 7
/// timed launches; a launch slower than 10 ms (the naive kernel at N = 4096) gets as few as 3,
/// which keeps the whole sweep inside the 2 s target.
TimingPolicy matmulTimingPolicy() {
  TimingPolicy policy;
  policy.warmups = 2;
  policy.reps = 7;
  policy.minReps = 3;
  policy.slowLaunchMs = 10.0;
  return policy;
}

}  // namespace

RunResult measureMatmulTiling(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  MatmulRun run;
  run.n = matmulSize(request.params);
  run.tileWidth = matmulTileWidth(request.params);

  SgemmBench& bench = context.labState<SgemmBench>();
  const std::size_t steps = kSgemmVariantCount + 3;
  monitor.step(0, steps, "inputs and the host's reference sample");
  bench.prepare(device, run.n, std::random_device{}() | (static_cast<std::uint64_t>(std::random_device{}()) << 32));
  const TimingPolicy policy = matmulTimingPolicy();
  monitor.step(1, steps, "cuBLAS SGEMM");
  run.cublas = bench.measureCublas(policy, &monitor.token());
  run.cublasAbsentReason = bench.cublasAbsentReason();
  for (int i = 0; i < kSgemmVariantCount; ++i) {
    const SgemmVariant v = kSgemmVariants[i];
    monitor.step(static_cast<std::size_t>(i) + 2, steps, sgemmVariantLabel(v, run.tileWidth));
    run.variants.push_back(bench.measure(v, run.tileWidth, policy, &monitor.token()));
  }
  monitor.step(kSgemmVariantCount + 2, steps, "achieved occupancy: hardware counters");
  bench.poisonC();
  const cuda::CounterReading counters = cuda::readCounters(
      context, {kWarpsActiveMetric}, [&] { bench.launchEveryVariantUntimed(run.tileWidth); }, kSgemmVariantCount);
  if (counters.ok()) bench.checkCountedC(run.tileWidth);
  if (counters.ok() && counters.kernels.size() == run.variants.size())
    for (std::size_t i = 0; i < run.variants.size(); ++i)  // launched in kSgemmVariants order, as measured
      run.variants[i].achievedOccupancyPct = counters.kernels[i].at(kWarpsActiveMetric);
  monitor.done();

  RunResult result = assembleMatmulResult(device, request.params, run, device.theoreticalFp32Gflops());
  result.provenance = Provenance::Measured;
  std::ostringstream timing;
  timing << "Timed with CUDA events: " << policy.warmups << " warm-up launches, then the median of up to "
         << policy.reps << " timed launches (at least " << policy.minReps << " for launches over "
         << policy.slowLaunchMs << " ms); spread: fastest and slowest launch.";
  result.notes.push_back(timing.str());
  if (run.cublas) result.notes.push_back("Reference: " + bench.cublasDescription() + ".");
  std::ostringstream checked;
  checked.precision(3);
  checked << "Checked: C poisoned with NaN before every variant; all " << run.n << " x " << run.n << " entries "
          << (bench.comparedWithCublas()
                  ? "matched cuBLAS's C within " + std::to_string(cuda::sgemmFullCompareTolerance(run.n)) +
                        " (N^1.5 x 2^-24)"
                  : std::string("overwrote the poison"))
          << "; " << bench.sampledEntriesChecked() << " sampled entries matched the host's double-precision value "
          << "within gamma_N x sum|a||b| (gamma_N = N u / (1 - N u), u = 2^-24); worst error / bound = "
          << bench.worstSampleErrorOverBound() << ".";
  result.notes.push_back(checked.str());
  std::vector<std::string> variantKeys;
  for (SgemmVariant v : kSgemmVariants) variantKeys.push_back(std::string("variants.") + sgemmVariantKey(v));
  cuda::addCounterScalars(result, counters, {{kWarpsActiveMetric, "achieved occupancy (% of the SM's warps)"}},
                          variantKeys);
  result.notes.push_back("Registers: cudaFuncGetAttributes (numRegs); occupancy: "
                         "cudaOccupancyMaxActiveBlocksPerMultiprocessor x warps per block / the SM's warps.");
  return result;
}

}  // namespace warpscope::labs
