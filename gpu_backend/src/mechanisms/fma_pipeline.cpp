#include "mechanisms/fma_pipeline.h"

#include <algorithm>

namespace warpscope::labs {
namespace {

int divideRoundUp(int x, int y) { return (x + y - 1) / y; }

}  // namespace

FmaPipeline fmaPipeline(const sim::DeviceProfile& profile) {
  FmaPipeline fma;
  fma.fmaLatencyCycles = profile.param("fma_pipeline", "fma_latency_cycles", 0.1, 1000);
  fma.maxUsefulIlp = static_cast<int>(profile.param("fma_pipeline", "max_useful_ilp", 1, 64));
  fma.dispatchPerIssue = static_cast<int>(profile.param("fma_pipeline", "dispatch_per_cycle", 1, 2));
  fma.hotClocksPerIssue = static_cast<int>(profile.param("fma_pipeline", "hot_clocks_per_issue", 1, 2));
  return fma;
}

double dispatchCeiling(const DeviceInfo& device, const FmaPipeline& fma, int ilp) {
  const double perCycle = static_cast<double>(ilp >= 2 ? fma.dispatchPerIssue : 1) / fma.hotClocksPerIssue;
  return std::min(1.0, perCycle / fp32WarpIssueRatePerScheduler(device));
}

double fp32WarpIssueRatePerScheduler(const DeviceInfo& device) {
  return static_cast<double>(device.fp32LanesPerSm) / device.schedulersPerSm / device.warpSize;
}

double neededWarpFmasInFlightPerScheduler(const DeviceInfo& device, const FmaPipeline& fma) {
  return fma.fmaLatencyCycles * fp32WarpIssueRatePerScheduler(device);
}

double arithFractionOfPeak(const DeviceInfo& device, const FmaPipeline& fma, int threadsPerSm, int ilp) {
  if (threadsPerSm <= 0 || ilp <= 0) return 0.0;
  threadsPerSm = std::min(threadsPerSm, device.maxThreadsPerSm);
  const int warps = divideRoundUp(threadsPerSm, device.warpSize);
  const int schedulers = device.schedulersPerSm;
  // Beyond maxUsefulIlp the hardware stops overlapping a warp's independent FMAs (Volkov: GF100
  // "doesn't scale past ILP=4"), so the extra chains only lengthen the warp's instruction stream.
  const int usefulIlp = std::min(ilp, fma.maxUsefulIlp);
  const double needed = neededWarpFmasInFlightPerScheduler(device, fma);

  // Round robin: warp w goes to scheduler w % schedulers, so the first (warps % schedulers)
  // schedulers hold one warp more. Every warp has the same work, and the kernel ends when the
  // busiest scheduler does (makespan): a scheduler with w warps issuing at min(1, w x ILP / needed)
  // of its rate takes w / that rate. A saturated scheduler holding one warp more than the others
  // therefore stretches the whole run: 5 warps at ILP 8 on Hopper's 4 schedulers reach only 5/8
  // of peak (the sawtooth measured on the H200, docs/model.md).
  double longest = 0.0;  // in units of one warp's work at the full issue rate
  for (int s = 0; s < schedulers; ++s) {
    const int warpsHere = warps / schedulers + (s < warps % schedulers ? 1 : 0);
    if (warpsHere == 0) continue;
    const double issueShare = std::min(dispatchCeiling(device, fma, usefulIlp), warpsHere * usefulIlp / needed);
    longest = std::max(longest, warpsHere / issueShare);
  }
  const double laneUse = static_cast<double>(threadsPerSm) / (warps * device.warpSize);
  return warps / (schedulers * longest) * laneUse;
}

}  // namespace warpscope::labs
