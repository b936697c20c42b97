#include "labs/limiter_common/limiter_family_model.h"

#include <algorithm>
#include <limits>

#include "mechanisms/dram_system.h"
#include "mechanisms/fma_pipeline.h"
#include "mechanisms/occupancy_calculator.h"

namespace warpscope::labs {

LimiterKernelParams limiterKernelParams(const sim::DeviceProfile& profile) {
  LimiterKernelParams k;
  k.registersPerThread = static_cast<int>(profile.param("limiter_kernel", "registers_per_thread", 1, 255));
  k.overheadIssuePerElement = profile.param("limiter_kernel", "overhead_issue_per_element", 0, 100);
  return k;
}

LimiterCeilings limiterModelCeilings(const sim::DeviceProfile& profile) {
  const DeviceInfo& d = profile.info;
  const FmaPipeline fma = fmaPipeline(profile);
  double best = 0;
  for (int ilp : {4, 8}) best = std::max(best, arithFractionOfPeak(d, fma, d.maxThreadsPerSm, ilp));
  LimiterCeilings c;
  c.bandwidthGBs = memcpyGBs(profile);
  c.fmaGflops = d.theoreticalFp32Gflops() * best;
  c.bandwidthSource = "model: cudaMemcpy D2D, the profile's measured share of the theoretical DRAM bandwidth";
  c.fmaSource = "model: theoretical FP32 peak x the latency-arith model at its best (ILP 4 or 8, full occupancy)";
  return c;
}

int limiterModelMaxBlocksPerSm(const sim::DeviceProfile& profile) {
  OccupancyRequest request;
  request.threadsPerBlock = kLimiterThreadsPerBlock;
  request.registersPerThread = limiterKernelParams(profile).registersPerThread;
  return calculateOccupancy(profile.info, profile.occupancy, request).blocksPerSm;
}

void checkLimiterModelOccupancy(const sim::DeviceProfile& profile, int blocksPerSm) {
  OccupancyRequest request;
  request.threadsPerBlock = kLimiterThreadsPerBlock;
  request.registersPerThread = limiterKernelParams(profile).registersPerThread;
  int resident = calculateOccupancy(profile.info, profile.occupancy, request).blocksPerSm;
  if (resident > blocksPerSm) {
    // Padded the way the GPU run forces it: the smallest shared memory that leaves blocksPerSm.
    request.sharedBytesPerBlock = dynamicSharedBytesForBlocks(profile, blocksPerSm);
    resident = calculateOccupancy(profile.info, profile.occupancy, request).blocksPerSm;
  }
  if (resident != blocksPerSm)
    throw BadInputError("occupancy_pct: " + std::to_string(blocksPerSm) + " blocks per SM cannot be resident on " +
                        profile.info.name + " with " + std::to_string(request.registersPerThread) +
                        " registers per thread (the occupancy calculator gives " + std::to_string(resident) + ")");
}

LimiterModelBreakdown limiterModel(const sim::DeviceProfile& profile, LimiterVariant variant, int fmasPerElement,
                                   int blocksPerSm, std::size_t elements) {
  const DeviceInfo& d = profile.info;
  const FmaPipeline fma = fmaPipeline(profile);
  const DramSystem dram = dramSystem(profile);
  const LimiterKernelParams kernel = limiterKernelParams(profile);
  const double launchUs = profile.param("simt", "launch_overhead_us", 0, 1000);
  const double clockHz = d.smClockMhz * 1e6;
  const double u = kLimiterElementsPerThread;
  // Store-only has no loads to wait for but still moves bytes (its stores are fire-and-forget).
  const bool loads = variant == LimiterVariant::Full || variant == LimiterVariant::MemoryOnly;
  const bool moves = limiterDramBytesPerElement(variant) > 0;
  const bool math = variant == LimiterVariant::Full || variant == LimiterVariant::MathOnly;
  const double k = math ? fmasPerElement : 0;

  // One warp iteration: 32 threads x u elements.
  const double issueRate = fp32WarpIssueRatePerScheduler(d);              // warp FMAs per cycle
  const double otherIssue = kernel.overheadIssuePerElement * u;            // cycles of issue slots
  const double issueCycles = k * u / issueRate + otherIssue;
  // A warp's own path: K steps, each issuing its u independent FMAs and waiting for the first.
  const double chainCycles = k * std::max(u / issueRate, fma.fmaLatencyCycles);
  const double bytesPerIteration = d.warpSize * u * limiterDramBytesPerElement(variant);
  const double warpsPerSm = static_cast<double>(blocksPerSm) * kLimiterThreadsPerBlock / d.warpSize;
  const double iterations = static_cast<double>(elements) / (d.warpSize * u);
  const double bandwidth = copyKernelCeilingGBs(profile) * 1e9;  // the best a streaming kernel reaches

  const double issueRateDevice = d.smCount * d.schedulersPerSm * clockHz / issueCycles;  // iterations/s
  const double bandwidthRate = moves ? bandwidth / bytesPerIteration : std::numeric_limits<double>::infinity();
  auto latencyRate = [&](double latencyNs) {
    const double iterationS = (loads ? latencyNs * 1e-9 : 0) + (chainCycles + otherIssue) / clockHz;
    return d.smCount * warpsPerSm / iterationS;
  };
  auto rateAt = [&](double utilization) {
    return std::min({issueRateDevice, bandwidthRate, latencyRate(loadedLatencyNs(dram, utilization))});
  };
  // The loaded latency depends on the DRAM utilisation the rate causes: solve rho = rate(rho) x
  // bytes / bandwidth by bisection (the right side falls as rho rises).
  double rho = 0;
  if (moves) {
    double lo = 0, hi = 0.999999;
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (lo + hi);
      if (rateAt(mid) * bytesPerIteration / bandwidth > mid) lo = mid;
      else hi = mid;
    }
    rho = lo;
  }
  const double rate = rateAt(rho);
  LimiterModelBreakdown out;
  out.loadedLatencyNs = loads ? loadedLatencyNs(dram, rho) : 0;
  out.ms = iterations / rate * 1e3 + launchUs * 1e-3;
  out.issueBoundMs = iterations / issueRateDevice * 1e3;
  out.bandwidthBoundMs = moves ? iterations / bandwidthRate * 1e3 : 0;
  out.latencyBoundMs = iterations / latencyRate(out.loadedLatencyNs) * 1e3;
  return out;
}

std::vector<LimiterPoint> limiterModelPoints(const sim::DeviceProfile& profile, const LimiterPlan& plan,
                                             std::size_t elements, RunMonitor* monitor) {
  std::vector<LimiterPoint> points;
  for (std::size_t i = 0; i < plan.fmasPerElement.size(); ++i) {
    const int k = plan.fmasPerElement[i];
    if (monitor) monitor->step(i, plan.fmasPerElement.size(), "K = " + std::to_string(k) + " FMAs per element");
    LimiterPoint p;
    p.fmasPerElement = k;
    for (int v = 0; v < kLimiterVariantCount; ++v) {
      const double ms = limiterModel(profile, static_cast<LimiterVariant>(v), k, plan.blocksPerSm, elements).ms;
      const VariantTime t{ms, ms, ms};
      switch (static_cast<LimiterVariant>(v)) {
        case LimiterVariant::Full: p.full = t; break;
        case LimiterVariant::MemoryOnly: p.memoryOnly = t; break;
        case LimiterVariant::MathOnly: p.mathOnly = t; break;
        case LimiterVariant::StoreOnly: p.storeOnly = t; break;
      }
    }
    points.push_back(p);
  }
  return points;
}

}  // namespace warpscope::labs
