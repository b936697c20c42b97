#include "labs/register_vs_shared/register_vs_shared_cuda.h"

#include <random>
#include <sstream>

#include "cuda/device_context.h"
#include "labs/register_vs_shared/register_vs_shared_lab.h"
#include "labs/register_vs_shared/register_vs_shared_model.h"
#include "labs/register_vs_shared/rvs_bench.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

using cuda::RvsBench;
using cuda::TimingPolicy;

namespace {

/// The closest profile's model on this GPU's SM count and clock: best GFLOP/s per variant over
/// the same plan (empty when no profile has the mechanisms).
std::vector<double> modelBestOnThisGpu(const DeviceInfo& gpu, const sim::DeviceProfile& profile,
                                       const std::vector<RvsConfig>& plan) {
  const FmaPipeline fma = fmaPipeline(profile);
  const SharedMemoryParams shared = sharedMemoryParams(profile);
  std::vector<double> best(kRvsVariantCount, 0.0);
  for (const RvsConfig& c : plan)
    best[c.variant] = std::max(best[c.variant], gpu.theoreticalFp32Gflops() *
                                                    rvsFractionOfPeak(gpu, fma, shared, c.threadsPerSm(), c.ilp,
                                                                      rvsSharedOperands(c.variant)));
  return best;
}

}  // namespace

RunResult measureRegisterVsShared(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  checkRvsFeasible(device, request.params);
  const std::vector<RvsConfig> plan = rvsPlan(device, request.params, request.scope);

  // The shared-memory ceiling is the profile's bytes per clock per SM (no CUDA attribute
  // reports it) on this GPU's SM count and clock.
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile) throw BadInputError("no simulator profile loaded: the shared-memory ceiling needs one");
  const SharedMemoryParams shared = sharedMemoryParams(*profile);
  const RvsCeilings ceilings = rvsCeilings(device, shared.bytesPerClockPerSm);

  RvsBench bench(device, std::random_device{}());
  const TimingPolicy policy;
  std::vector<RvsMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const RvsConfig& c = plan[i];
    monitor.step(i, plan.size(),
                 rvsVariantName(c.variant) + ", " + std::to_string(c.threadsPerBlock) + " threads x " +
                     std::to_string(c.blocksPerSm) + " blocks per SM");
    points.push_back(bench.measure(c, policy, &monitor.token()));
  }
  monitor.done();

  std::vector<double> modelBest;
  if (request.scope == RunScope::FullSweep) modelBest = modelBestOnThisGpu(device, *profile, plan);
  RunResult result = assembleRvsResult(device, request.params, points, ceilings, request.scope, modelBest);
  result.provenance = Provenance::Measured;

  const int ilp = request.params.getInt("ilp");
  for (int v : kRvsVariants)
    result.scalars.push_back({"rvs.registers_per_thread." + rvsVariantKey(v),
                              "Registers per thread (ptxas), " + rvsVariantName(v) + ", ILP " + std::to_string(ilp),
                              static_cast<double>(bench.registersPerThread(v, ilp)), "registers"});
  std::ostringstream timing;
  timing << "Timed with CUDA events: " << policy.warmups << " warm-up launches, then the median of " << policy.reps
         << " timed launches per point (spread: fastest and slowest launch).";
  result.notes.push_back(timing.str());
  result.notes.push_back("Shared-memory ceiling: " + std::to_string(static_cast<int>(shared.bytesPerClockPerSm)) +
                         " B/clk/SM, the shared-memory rate of " + profile->info.name +
                         ", at the driver's SM clock; the model bars use that model's mechanisms on this GPU's SM "
                         "count and clock.");
  result.notes.push_back("Checked: every thread's output overwrote a NaN poison; " +
                         std::to_string(bench.threadsVerified()) +
                         " sampled threads matched a host std::fmaf recomputation bit for bit (fresh random table, b, c "
                         "per point). The shared variants read their operands through a volatile pointer, so every "
                         "FMA issues its own shared load (LDS) in the SASS.");
  return result;
}

}  // namespace warpscope::labs
