#include "labs/matmul_tiling/matmul_model.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "labs/matmul_tiling/matmul_tiling_lab.h"

namespace warpscope::labs {

MatmulParams matmulParams(const sim::DeviceProfile& profile) {
  MatmulParams p;
  p.sharedBytesPerClockPerSm = profile.param("matmul", "shared_bytes_per_clock_per_sm", 1, 4096);
  p.addressingRegisters = static_cast<int>(profile.param("matmul", "addressing_registers", 0, 128));
  p.tileLoopInstructions = profile.param("matmul", "tile_loop_instructions", 0, 1000);
  return p;
}

int estimatedRegisters(const SgemmTiling& tiling, const MatmulParams& params, int maxRegistersPerThread) {
  const int wanted = tiling.outputsPerThread + tiling.operandRegisters + params.addressingRegisters;
  return std::min(wanted, maxRegistersPerThread);
}

double fmaIssueFraction(const SgemmTiling& tiling, const MatmulParams& params, double fmaRatePerScheduler) {
  const double fmas = tiling.outputsPerThread;
  const double other = tiling.loadInstrPerK + (tiling.tileCopyInstr + params.tileLoopInstructions) / tiling.kTile;
  const double fmaCycles = fmas / fmaRatePerScheduler;
  return fmaCycles / std::max(fmaCycles, fmas + other);
}

SgemmPrediction predictSgemm(const sim::DeviceProfile& profile, const MatmulParams& params, const FmaPipeline& fma,
                             SgemmVariant variant, int tileWidth, int n) {
  const DeviceInfo& device = profile.info;
  const SgemmTiling tiling = sgemmTiling(variant, tileWidth);
  SgemmPrediction p;
  p.registers = estimatedRegisters(tiling, params, profile.occupancy.maxRegistersPerThread);
  p.occupancy = calculateOccupancy(device, profile.occupancy, {tiling.threadsPerBlock, p.registers, tiling.sharedBytes});
  if (p.occupancy.blocksPerSm == 0)
    throw BadInputError(sgemmVariantLabel(variant, tileWidth) + " does not fit on an SM of " + device.name + ": " +
                        p.occupancy.infeasible);

  const double peak = device.theoreticalFp32Gflops();
  const int residentThreads = p.occupancy.blocksPerSm * tiling.threadsPerBlock;
  p.issueFraction = fmaIssueFraction(tiling, params, fp32WarpIssueRatePerScheduler(device));
  p.latencyFraction = arithFractionOfPeak(device, fma, residentThreads, tiling.outputsPerThread);

  // The grid's blocks run in waves of (SMs x resident blocks); a last partial wave leaves SMs idle.
  const double blocks = static_cast<double>(n / tiling.blockRows) * (n / tiling.blockCols);
  const double slots = static_cast<double>(device.smCount) * p.occupancy.blocksPerSm;
  p.waveEfficiency = blocks / (std::ceil(blocks / slots) * slots);

  const double sharedGBs = params.sharedBytesPerClockPerSm * device.smCount * device.smClockMhz * 1e-3;
  p.computeGflops = peak * p.issueFraction * p.latencyFraction * p.waveEfficiency;
  p.sharedGflops = sharedGBs / sgemmLoadBytesPerFlop(tiling) * p.waveEfficiency;
  p.dramGflops = device.dramBandwidthGBs / sgemmGlobalBytesPerFlop(tiling);
  p.gflops = std::min({p.computeGflops, p.sharedGflops, p.dramGflops});
  if (p.gflops == p.computeGflops)
    p.limiter = "FMA issue";
  else if (p.gflops == p.sharedGflops)
    p.limiter = tiling.usesShared ? "shared memory" : "L1";
  else
    p.limiter = "DRAM";
  return p;
}

RunResult simulateMatmulTiling(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  const MatmulParams params = matmulParams(profile);
  const FmaPipeline fma = fmaPipeline(profile);
  MatmulRun run;
  run.n = matmulSize(request.params);
  run.tileWidth = matmulTileWidth(request.params);
  run.cublasAbsentReason = "the simulator has no cuBLAS (a vendor library is measured only on a GPU).";

  std::vector<SgemmPrediction> predictions;
  for (int i = 0; i < kSgemmVariantCount; ++i) {
    const SgemmVariant v = kSgemmVariants[i];
    monitor.step(static_cast<std::size_t>(i), kSgemmVariantCount, sgemmVariantLabel(v, run.tileWidth));
    const SgemmPrediction p = predictSgemm(profile, params, fma, v, run.tileWidth, run.n);
    SgemmRecord r;
    r.variant = v;
    r.gflopsMedian = r.gflopsMin = r.gflopsMax = p.gflops;
    r.registersPerThread = p.registers;
    r.blocksPerSm = p.occupancy.blocksPerSm;
    r.occupancyPct = p.occupancy.occupancyPct;
    r.limiter = p.limiter;
    run.variants.push_back(r);
    predictions.push_back(p);
  }
  monitor.done();

  RunResult result = assembleMatmulResult(device, request.params, run, device.theoreticalFp32Gflops());
  for (std::size_t i = 0; i < predictions.size(); ++i) {
    const SgemmPrediction& p = predictions[i];
    const SgemmVariant v = run.variants[i].variant;
    const std::string key = sgemmVariantKey(v);
    result.scalars.push_back({"model.issue_fraction." + key, sgemmVariantLabel(v, run.tileWidth) + ": FMA issue share",
                              p.issueFraction, ""});
    std::ostringstream line;
    line.precision(3);
    line << "Model, " << sgemmVariantLabel(v, run.tileWidth) << ": " << p.limiter << " bound; compute "
         << p.computeGflops << " (issue " << p.issueFraction << " x latency hiding " << p.latencyFraction
         << " x waves " << p.waveEfficiency << "), shared/L1 " << p.sharedGflops << ", DRAM " << p.dramGflops
         << " GFLOP/s; " << p.registers << " registers (estimate), " << p.occupancy.blocksPerSm
         << " blocks per SM, limited by " << limiterName(p.occupancy.limiter) << ".";
    result.notes.push_back(line.str());
  }
  std::ostringstream why;
  why << "Model parameters (" << profile.info.name << "): shared memory "
      << params.sharedBytesPerClockPerSm << " B per clock per SM, " << params.addressingRegisters
      << " addressing registers, " << params.tileLoopInstructions
      << " loop instructions per tile; FMA latency " << fma.fmaLatencyCycles
      << " cycles. DRAM traffic assumes every tile comes from DRAM (an upper bound: L2 "
         "hits make it smaller); shared traffic counts every thread's load (broadcasts are not cheaper).";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
