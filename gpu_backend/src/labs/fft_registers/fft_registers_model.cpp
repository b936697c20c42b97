#include "labs/fft_registers/fft_registers_model.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "mechanisms/dram_system.h"
#include "mechanisms/occupancy_calculator.h"
#include "mechanisms/shared_memory.h"
#include "warpscope/params.h"

namespace warpscope::labs {

namespace {

constexpr const char* kMechanism = "fft";

/// What every resource allows and the DRAM utilisation they settle at.
struct Rates {
  double dramS = 0, latencyS = 0, issueS = 0, sharedS = 0;  ///< Seconds for the batch, each alone.
  [[nodiscard]] double slowest() const { return std::max({dramS, latencyS, issueS, sharedS}); }
};

std::string limiterOf(const Rates& r) {
  const double t = r.slowest();
  if (t == r.dramS) return "DRAM bandwidth";
  if (t == r.latencyS) return "memory latency";
  if (t == r.issueS) return "instruction issue";
  return "shared memory";
}

}  // namespace

FftKernelParams fftKernelParams(const sim::DeviceProfile& profile) {
  const auto p = [&](const char* name, double min, double max) { return profile.param(kMechanism, name, min, max); };
  FftKernelParams f;
  f.registersBase = p("registers_base", 0, 255);
  f.registersPerPoint = p("registers_per_point", 2, 32);
  f.instructionsPerPointPerPass = p("instructions_per_point_per_pass", 1, 1000);
  f.instructionsPerTwiddle = p("instructions_per_twiddle", 0, 10000);
  return f;
}

int fftEstimatedRegisters(const FftKernelParams& params, unsigned pointsPerThread, int maxRegistersPerThread) {
  const double estimate = params.registersBase + params.registersPerPoint * pointsPerThread;
  return std::min(maxRegistersPerThread, static_cast<int>(std::lround(estimate)));
}

unsigned fftTwiddledButterfliesPerThread(unsigned points, unsigned pointsPerThread) {
  unsigned butterflies = 0;
  for (unsigned span = 1; span < points; span *= fftPassRadix(points, pointsPerThread, span))
    if (span > 1) butterflies += pointsPerThread / fftPassRadix(points, pointsPerThread, span);
  return butterflies;
}

double fftInstructionsPerThread(const FftKernelParams& params, unsigned points, unsigned pointsPerThread) {
  return params.instructionsPerPointPerPass * pointsPerThread * fftPassCount(points, pointsPerThread) +
         params.instructionsPerTwiddle * fftTwiddledButterfliesPerThread(points, pointsPerThread);
}

double fftSharedWavefrontsPerTransform(unsigned points, unsigned pointsPerThread, int banks, int bankBytes) {
  const unsigned n = points;
  const unsigned p = pointsPerThread;
  const unsigned t = fftThreadsPerTransform(n, p);
  const unsigned blockThreads = fftBlockThreads(n, p);
  const unsigned stride = fftSharedStride(n);
  double wavefronts = 0;
  std::vector<std::uint64_t> addresses(32);
  const auto warpRequest = [&](unsigned warp, auto indexOf) {
    for (unsigned lane = 0; lane < 32; ++lane) {
      const unsigned tid = warp * 32 + lane;
      addresses[lane] = 4ull * ((tid / t) * stride + fftPadded(indexOf(tid % t)));
    }
    return 2.0 * sharedWavefronts(addresses, 4, banks, bankBytes);  // real and imaginary parts alike
  };
  for (unsigned span = 1; span * fftPassRadix(n, p, span) < n; span *= fftPassRadix(n, p, span)) {
    const unsigned radix = fftPassRadix(n, p, span);
    for (unsigned warp = 0; warp < blockThreads / 32; ++warp) {
      for (unsigned s = 0; s < p / radix; ++s)
        for (unsigned r = 0; r < radix; ++r)
          wavefronts += warpRequest(warp, [&](unsigned j) { return fftPassOutputIndex(n, p, span, j, s, r); });
      for (unsigned m = 0; m < p; ++m)
        wavefronts += warpRequest(warp, [&](unsigned j) { return fftHeldIndex(n, p, j, m); });
    }
  }
  return wavefronts / fftTransformsPerBlock(n, p);
}

FftPoint fftModelPoint(const sim::DeviceProfile& profile, unsigned points, unsigned pointsPerThread, unsigned batch,
                       int registersOverride) {
  const DeviceInfo& d = profile.info;
  const FftKernelParams kernel = fftKernelParams(profile);
  const DramSystem dram = dramSystem(profile);
  const SharedMemoryParams shared = sharedMemoryParams(profile);
  const SharedMemoryBanks banks = sharedMemoryBanks(profile);
  const double launchUs = profile.param("simt", "launch_overhead_us", 0, 1000);
  const double clockHz = d.smClockMhz * 1e6;

  FftPoint point;
  point.pointsPerThread = pointsPerThread;
  point.registersPerThread = registersOverride > 0
                                 ? registersOverride
                                 : fftEstimatedRegisters(kernel, pointsPerThread, profile.occupancy.maxRegistersPerThread);
  point.registersMeasured = registersOverride > 0;
  OccupancyRequest request;
  request.threadsPerBlock = static_cast<int>(fftBlockThreads(points, pointsPerThread));
  request.registersPerThread = point.registersPerThread;
  request.sharedBytesPerBlock = static_cast<int>(fftSharedBytesPerBlock(points, pointsPerThread));
  const OccupancyResult occupancy = calculateOccupancy(d, profile.occupancy, request);
  if (occupancy.blocksPerSm == 0)
    throw BadInputError("points_per_thread: " + std::to_string(pointsPerThread) + " points per thread at " +
                        std::to_string(points) + " points cannot run on " + d.name + ": " + occupancy.infeasible);
  point.blocksPerSm = occupancy.blocksPerSm;
  point.occupancyPct = occupancy.occupancyPct;
  point.passes = fftPassCount(points, pointsPerThread);
  point.sharedWavefrontsPerTransform = fftSharedWavefrontsPerTransform(points, pointsPerThread, banks.banks, banks.bankBytes);

  const double transforms = batch;
  const double perSm = transforms / d.smCount;
  const double residentTransforms = double(occupancy.blocksPerSm) * fftTransformsPerBlock(points, pointsPerThread);
  const double instructions = fftInstructionsPerThread(kernel, points, pointsPerThread);
  const double warpInstructions = instructions * fftThreadsPerTransform(points, pointsPerThread) / d.warpSize;
  const double bytes = transforms * points * kFftBytesPerPoint;
  const double ceilingBytesPerS = copyKernelCeilingGBs(profile) * 1e9;
  const double wavefrontsPerClock = shared.bytesPerClockPerSm / (banks.banks * banks.bankBytes);
  // One transform's own path once its loads are back: its warps issue one instruction a clock
  // each, and every exchange waits for a shared store and a shared load.
  const double selfS = (instructions + 2.0 * (point.passes - 1) * shared.latencyCycles) / clockHz;

  Rates r;
  r.dramS = bytes / ceilingBytesPerS;
  r.issueS = perSm * warpInstructions / (d.schedulersPerSm * clockHz);
  r.sharedS = perSm * point.sharedWavefrontsPerTransform / (wavefrontsPerClock * clockHz);
  const auto ratesAt = [&](double utilization) {
    Rates at = r;
    // Little's law: W transforms (W x N x 8 bytes of loads) in flight per SM, each for its life.
    const double lifeS = loadedLatencyNs(dram, utilization) * 1e-9 + selfS;
    at.latencyS = transforms * lifeS / (d.smCount * residentTransforms);
    return at;
  };
  // The loaded latency depends on the utilisation the rate causes: solve rho = bytes / time /
  // ceiling by bisection (the right side falls as rho rises).
  double lo = 0, hi = 0.999999;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (bytes / ratesAt(mid).slowest() / ceilingBytesPerS > mid) lo = mid;
    else hi = mid;
  }
  const Rates settled = ratesAt(lo);
  const double flops = transforms * fftFlopsPerTransform(points);
  const auto gflops = [&](double seconds) { return flops / seconds * 1e-9; };
  point.limits = {gflops(settled.dramS), gflops(settled.latencyS), gflops(settled.issueS), gflops(settled.sharedS),
                  limiterOf(settled)};
  point.modelGflops = gflops(settled.slowest() + launchUs * 1e-6);
  point.gflops = point.gflopsMin = point.gflopsMax = point.modelGflops;
  return point;
}

FftRun fftModelRun(const sim::DeviceProfile& profile, const FftPlan& plan) {
  FftRun run;
  run.plan = plan;
  for (unsigned p : plan.pointsPerThread) run.points.push_back(fftModelPoint(profile, plan.points, p, plan.batch));
  run.bandwidthGBs = memcpyGBs(profile);
  run.bandwidthBoundGflops = fftGflopsAtBandwidth(run.bandwidthGBs, plan.points);
  return run;
}

RunResult simulateFftRegisters(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const FftPlan plan = fftPlan(request.params, request.scope);
  monitor.step(0, 1, "the register FFT's model");
  const FftRun run = fftModelRun(profile, plan);
  monitor.done();
  RunResult result = assembleFftRegistersResult(profile.info, request.params, run, request.scope);
  const FftKernelParams k = fftKernelParams(profile);
  std::ostringstream why;
  why << "Model: registers per thread = " << k.registersBase << " + " << k.registersPerPoint
      << " x points per thread (fitted to the compiled kernels); occupancy from CUDA's rules; a transform's N x 8 bytes "
      << "are in flight at once, for the loaded DRAM latency plus its own path (" << k.instructionsPerPointPerPass
      << " instructions per point and pass, " << k.instructionsPerTwiddle << " per twiddled butterfly, one per clock, "
      << "and two shared-memory latencies per exchange). The rate is the least of DRAM bandwidth (the copy ceiling, 16 "
      << "bytes per point), Little's law over the resident transforms, instruction issue (one warp instruction per "
      << "scheduler and clock) and the exchanges' shared-memory wavefronts (the bank rule, one per clock per SM).";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
