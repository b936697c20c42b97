#include "labs/limiter/limiter_model.h"

#include <sstream>

#include "labs/limiter/limiter_lab.h"
#include "labs/limiter_common/limiter_family_model.h"

namespace warpscope::labs {

RunResult simulateLimiter(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const LimiterPlan plan = limiterPlan(request.params, request.scope, limiterModelMaxBlocksPerSm(profile));
  checkLimiterModelOccupancy(profile, plan.blocksPerSm);
  const std::size_t elements = limiterElements(profile.info, plan.blocksPerSm);
  const LimiterCeilings ceilings = limiterModelCeilings(profile);
  const std::vector<LimiterPoint> points = limiterModelPoints(profile, plan, elements, &monitor);
  const int focusK = request.params.getInt("fmas_per_element");
  // The profiler's counts as the model has them, at the focus: instructions from the kernels'
  // structure, bytes from what each moves, IPC over the model's time without launch overhead.
  LimiterExtras extras;
  extras.counters.available = true;
  extras.counters.modelled = true;
  const double launchMs = profile.param("simt", "launch_overhead_us", 0, 1000) * 1e-3;
  for (int v = 0; v < kLimiterVariantCount; ++v) {
    const auto variant = static_cast<LimiterVariant>(v);
    const double ms = limiterModel(profile, variant, focusK, plan.blocksPerSm, elements).ms;
    extras.counters.variant[v] = limiterModelCounts(profile.info, variant, focusK, elements, ms - launchMs);
  }
  const LimiterSyncModel sync = limiterSyncModel(profile, focusK);
  extras.sync = sync.times;
  monitor.done();
  RunResult result = assembleLimiterResult(profile.info, request.params, points, ceilings, elements, plan.blocksPerSm,
                                           request.scope, true, extras);
  const LimiterModelBreakdown full = limiterModel(profile, LimiterVariant::Full, focusK, plan.blocksPerSm, elements);
  std::ostringstream why;
  why.precision(3);
  why << "Model: one warp iteration loads 8 elements per thread, runs 8 chains of K dependent FMAs and stores "
         "them; the device's rate of iterations is the least of issue (FP32 lanes), DRAM bandwidth (the copy "
         "kernel's ceiling) and latency (resident warps / one iteration's time alone, with the loaded DRAM "
         "latency). Full kernel at the focus: issue bound "
      << full.issueBoundMs << " ms, bandwidth bound " << full.bandwidthBoundMs << " ms, latency bound "
      << full.latencyBoundMs << " ms (loaded DRAM latency " << full.loadedLatencyNs << " ns) -> " << full.ms
      << " ms with launch overhead.";
  result.notes.push_back(why.str());
  std::ostringstream syncWhy;
  syncWhy.precision(3);
  syncWhy << "Model of the __syncthreads() kernel, per tile: one block of 512 loads for " << sync.loadPhase512Ns
          << " ns (loaded DRAM latency + its bytes at the SM's share of the bandwidth), then computes for "
          << sync.computePhase512Ns << " ns: every warp waits at the barrier, so the two add up. Two blocks of 256: "
          << sync.loadPhase256Ns << " ns loading and " << sync.computePhase256Ns
          << " ns computing each, and one computes while the other loads.";
  result.notes.push_back(syncWhy.str());
  return result;
}

}  // namespace warpscope::labs
