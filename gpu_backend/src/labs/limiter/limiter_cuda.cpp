#include "labs/limiter/limiter_cuda.h"

#include <sstream>

#include <algorithm>

#include "cuda/counters.h"
#include "cuda/device_context.h"
#include "labs/limiter/limiter_lab.h"
#include "labs/limiter/limiter_sync_bench.h"
#include "labs/limiter_common/limiter_bench.h"

namespace warpscope::labs {

namespace {

constexpr const char* kIssued = "smsp__inst_issued.sum";
constexpr const char* kExecuted = "smsp__inst_executed.sum";
constexpr const char* kIpc = "sm__inst_executed.avg.per_cycle_active";
constexpr const char* kDramRead = "dram__bytes_read.sum";
constexpr const char* kDramWrite = "dram__bytes_write.sum";
constexpr const char* kVariantKeys[] = {"full", "memory_only", "math_only", "store_only"};

/// Every variant's counters at the focus K, each in launches of its own (checked like the timed
/// ones); the first refusal stops the reading and says why.
LimiterCounterSet readLimiterCounters(cuda::DeviceContext& context, cuda::LimiterBench& bench, int k, int blocksPerSm,
                                      RunResult* raw) {
  LimiterCounterSet set;
  const std::vector<std::string> metrics = {kIssued, kExecuted, kIpc, kDramRead, kDramWrite};
  const std::vector<std::pair<std::string, std::string>> labels = {
      {kIssued, "warp instructions issued"}, {kExecuted, "warp instructions executed"},
      {kIpc, "IPC (executed per active cycle per SM)"}, {kDramRead, "DRAM bytes read"},
      {kDramWrite, "DRAM bytes written"}};
  for (int v = 0; v < kLimiterVariantCount; ++v) {
    const cuda::CounterReading r = bench.count(context, static_cast<LimiterVariant>(v), k, blocksPerSm, metrics);
    if (!r.ok()) {
      set.why = r.unavailable;
      cuda::addCounterScalars(*raw, r, labels);
      return set;
    }
    cuda::addCounterScalars(*raw, r, labels, {kVariantKeys[v]});
    LimiterCounts& c = set.variant[v];
    c.instIssued = r.value(kIssued);
    c.instExecuted = r.value(kExecuted);
    c.ipc = r.value(kIpc);
    c.dramBytes = r.value(kDramRead) + r.value(kDramWrite);
  }
  set.available = true;
  return set;
}

}  // namespace

RunResult measureLimiter(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  monitor.step(0, 1, "ceilings: cudaMemcpy D2D and the FMA peak (once per session)");
  LimiterCeilings ceilings;
  cuda::LimiterBench& bench = cuda::limiterBenchFor(context, &ceilings, &monitor.token());
  const LimiterPlan plan = limiterPlan(request.params, request.scope, bench.maxBlocksPerSm());
  const std::size_t steps = plan.fmasPerElement.size() * 3 + 2;
  const long long deviceBefore = bench.elementsCheckedOnDevice();
  const long long hostBefore = bench.elementsRecomputedOnHost();

  // A focus move times three kernels while the slider is held: one warm-up and three timed
  // launches each (still a median with its spread) keep it within the 50 ms a drag allows (at
  // K = 1024 a launch takes about 3 ms on the H200); full sweeps keep the default policy.
  const cuda::TimingPolicy policy = request.scope == RunScope::FocusOnly
                                        ? cuda::TimingPolicy{.warmups = 1, .reps = 3, .minReps = 3}
                                        : cuda::TimingPolicy{};
  std::vector<LimiterPoint> points;
  std::size_t step = 1;
  // Store-only has no K: timed once per run, the same at every K.
  const VariantTime storeOnly =
      bench.measure(LimiterVariant::StoreOnly, plan.fmasPerElement.front(), plan.blocksPerSm, policy, &monitor.token());
  for (int k : plan.fmasPerElement) {
    LimiterPoint p;
    p.fmasPerElement = k;
    p.storeOnly = storeOnly;
    for (int v = 0; v < 3; ++v) {
      const auto variant = static_cast<LimiterVariant>(v);
      monitor.step(step++, steps, "K = " + std::to_string(k) + ", variant " + std::to_string(v));
      const VariantTime t = bench.measure(variant, k, plan.blocksPerSm, policy, &monitor.token());
      (v == 0 ? p.full : v == 1 ? p.memoryOnly : p.mathOnly) = t;
    }
    points.push_back(p);
  }
  // The profiler's counters and the __syncthreads() experiment at the focus K, on full runs only:
  // a counter reading costs 10-45 ms and the experiment four more kernels, more than a slider
  // step may take. A focus rerun leaves their views as the last full run drew them (its K is in
  // their titles).
  const int focusK = request.params.getInt("fmas_per_element");
  LimiterExtras extras;
  RunResult raw;
  cuda::LimiterSyncChecked syncChecked;
  if (request.scope == RunScope::FullSweep) {
    monitor.step(steps - 1, steps, "counters at the focus, in launches of their own");
    extras.counters = readLimiterCounters(context, bench, focusK, plan.blocksPerSm, &raw);
    monitor.step(steps - 1, steps, "__syncthreads(): one block of 512 vs two of 256 per SM");
    extras.sync = cuda::measureLimiterSync(bench, context.info, focusK, policy, &monitor.token(), &syncChecked);
  }
  monitor.done();

  RunResult result = assembleLimiterResult(context.info, request.params, points, ceilings,
                                           bench.elements(plan.blocksPerSm), plan.blocksPerSm, request.scope, false,
                                           extras);
  result.provenance = Provenance::Measured;
  if (request.scope == RunScope::FocusOnly) {
    std::erase_if(result.views, [](const View& v) { return v.id == "counters-per-element" || v.id == "sync-overlap"; });
  } else {
    result.scalars.insert(result.scalars.end(), raw.scalars.begin(), raw.scalars.end());
    result.notes.insert(result.notes.end(), raw.notes.begin(), raw.notes.end());
    result.notes.push_back(
        "__syncthreads() experiment at K = " + std::to_string(focusK) + ": each kernel timed like the others, its "
        "output poisoned first; full: no element left poisoned and " + std::to_string(syncChecked.onHost) +
        " sampled elements equal to the host's chain of their mirror thread's input; memory-only: every element "
        "equal to its mirror's input; math-only: every element still poisoned. " +
        std::to_string(syncChecked.onDevice) + " elements compared on the device.");
  }
  std::ostringstream padding;
  padding << "Occupancy: " << plan.blocksPerSm << " blocks of " << kLimiterThreadsPerBlock
          << " threads per SM for every kernel, confirmed with cudaOccupancyMaxActiveBlocksPerMultiprocessor; padding "
             "dynamic shared memory per block:";
  for (const auto& [variant, bytes] : bench.paddingBytes()) padding << " " << variant << " " << bytes << " B";
  result.notes.push_back(padding.str());
  result.notes.push_back("Timed with CUDA events: " + std::to_string(policy.warmups) +
                         " warm-up launches, then the median of up to " + std::to_string(policy.reps) +
                         " timed launches per kernel (spread: fastest and slowest launch).");
  result.notes.push_back(
      "Checked: fresh random input per run and b per kernel, output poisoned first. Full: no element left "
      "poisoned, and " + std::to_string(bench.elementsRecomputedOnHost() - hostBefore) +
      " sampled elements equal to a host std::fmaf recomputation bit for bit; memory-only: every element equals "
      "its input; math-only: every element still poisoned (its guarded stores never ran); store-only: every "
      "element equals its index's value. " +
      std::to_string(bench.elementsCheckedOnDevice() - deviceBefore) + " elements compared on the device.");
  return result;
}

}  // namespace warpscope::labs
