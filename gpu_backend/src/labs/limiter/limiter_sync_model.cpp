#include <algorithm>

#include "labs/limiter/limiter_sync.h"
#include "mechanisms/dram_system.h"
#include "mechanisms/fma_pipeline.h"

namespace warpscope::labs {

namespace {

/// Issue slots per warp per tile besides the chains: 2 shared loads, store addresses and 2
/// stores, 2 barriers, the tile loop (PTX count, as limiterInstructionsPerIteration).
constexpr double kComputeOverheadSlots = 15;
/// Per warp per tile in math-only, forming the 8 operands from the index (and, convert, multiply).
constexpr double kOperandSlots = 24;
/// Loop instructions per step of the 8 interleaved chains (add, compare, branch).
constexpr double kLoopSlotsPerStep = 3;

struct Phases {
  double load = 0;     // ns
  double compute = 0;  // ns: the longer of its issue slots and one warp's chain
  double issue = 0;    // ns of the SM's schedulers the compute phase occupies (what blocks share)
};

/// A block of `threads` alone on an SM: its load phase at DRAM latency latencyNs, and its compute.
Phases blockPhases(const DeviceInfo& d, const FmaPipeline& fma, int threads, int k, bool loads, bool math,
                   double smBytesPerNs, double latencyNs) {
  const double cycleNs = 1e3 / d.smClockMhz;
  const double warpsPerScheduler = static_cast<double>(threads) / d.warpSize / d.schedulersPerSm;
  const double stepSlots = kSyncElementsPerThread / fp32WarpIssueRatePerScheduler(d) + kLoopSlotsPerStep;
  const double perWarpSlots = (math ? k * stepSlots : 0) + kComputeOverheadSlots + (loads ? 0 : kOperandSlots);
  const double chainCycles = (math ? k * std::max(stepSlots, fma.fmaLatencyCycles) : 0) + kComputeOverheadSlots;
  Phases p;
  p.issue = warpsPerScheduler * perWarpSlots * cycleNs;
  p.compute = std::max(p.issue, chainCycles * cycleNs);
  // Loaded and stored bytes of the tile (math-only moves none).
  const double bytes = loads ? static_cast<double>(threads) * kSyncElementsPerThread * 8 : 0;
  p.load = loads ? latencyNs + bytes / smBytesPerNs : 0;
  return p;
}

/// One configuration's time per tile (ns) with `blocks` blocks of `threads` per SM, the loaded
/// latency solved for the utilization it causes (bisection: the utilization the period implies
/// falls as the latency, and so the period, rises).
double tileNs(const sim::DeviceProfile& profile, int blocks, int threads, int k, bool loads, bool math,
              Phases* phases) {
  const DeviceInfo& d = profile.info;
  const FmaPipeline fma = fmaPipeline(profile);
  const DramSystem dram = dramSystem(profile);
  const double smBytesPerNs = copyKernelCeilingGBs(profile) / d.smCount;  // GB/s = bytes/ns
  const double bytesPerPeriod = loads ? static_cast<double>(blocks) * threads * kSyncElementsPerThread * 8 : 0;
  auto period = [&](double rho, Phases* out) {
    const Phases p = blockPhases(d, fma, threads, k, loads, math, smBytesPerNs, loadedLatencyNs(dram, rho));
    if (out) *out = p;
    if (blocks == 1) return p.load + p.compute;
    // Blocks take turns on the FMA units; each still loads, then computes, in order.
    return std::max({p.load + p.compute, blocks * p.issue, bytesPerPeriod / smBytesPerNs});
  };
  double lo = 0, hi = 0.999999;
  if (loads)
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (lo + hi);
      if (bytesPerPeriod / (period(mid, nullptr) * smBytesPerNs) > mid) lo = mid;
      else hi = mid;
    }
  return period(loads ? lo : 0, phases);
}

}  // namespace

std::size_t limiterSyncElements(const DeviceInfo& device) {
  const std::size_t chunk = static_cast<std::size_t>(device.smCount) * kSyncThreadsPerSm * kSyncElementsPerThread;
  if (chunk == 0) return 0;
  return std::max<std::size_t>(1, kLimiterTargetElements / chunk) * chunk;
}

LimiterSyncModel limiterSyncModel(const sim::DeviceProfile& profile, int fmasPerElement) {
  const DeviceInfo& d = profile.info;
  const double launchMs = profile.param("simt", "launch_overhead_us", 0, 1000) * 1e-3;
  LimiterSyncModel m;
  // Tiles each block walks: the same in both configurations (two blocks of half the threads
  // share the SM's elements).
  const double perTileOfEverySm = static_cast<double>(d.smCount) * kSyncThreadsPerSm * kSyncElementsPerThread;
  m.tilesPerBlock = static_cast<double>(limiterSyncElements(d)) / perTileOfEverySm;
  auto ms = [&](double tile) {
    const double t = m.tilesPerBlock * tile * 1e-6 + launchMs;
    return VariantTime{t, t, t};
  };
  const int k = fmasPerElement;
  Phases one, two;
  m.times.present = true;
  m.times.fmasPerElement = k;
  m.times.oneBlock = ms(tileNs(profile, 1, kSyncThreadsPerSm, k, true, true, &one));
  m.times.twoBlocks = ms(tileNs(profile, 2, kSyncThreadsPerSm / 2, k, true, true, &two));
  m.times.memoryOnly = ms(tileNs(profile, 1, kSyncThreadsPerSm, k, true, false, nullptr));
  m.times.mathOnly = ms(tileNs(profile, 1, kSyncThreadsPerSm, k, false, true, nullptr));
  m.loadPhase512Ns = one.load;
  m.computePhase512Ns = one.compute;
  m.loadPhase256Ns = two.load;
  m.computePhase256Ns = two.compute;
  return m;
}

}  // namespace warpscope::labs
