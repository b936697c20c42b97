#include <random>
#include <sstream>

#include "core/labs/latency_memory_lab.h"
#include "cuda/ceilings.h"
#include "cuda/copy_bench.h"
#include "cuda/cuda_check.h"
#include "cuda/lab_runners.h"

namespace warpscope::cuda {
namespace {

std::string describe(const labs::MemConfig& c) {
  return std::to_string(c.elementsPerThread) + " x " + std::to_string(c.elementBytes) + " B per thread, " +
         std::to_string(c.threadsPerBlock) + " threads x " + std::to_string(c.blocksPerSm) + " blocks per SM";
}

/// Refuses a buffer that cannot fit before cudaMalloc fails with a less helpful message.
void checkBufferFits(std::size_t bufferBytes) {
  std::size_t freeBytes = 0, totalBytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  // Source + destination, and room for the runtime and other users of the GPU.
  if (2 * bufferBytes > freeBytes / 10 * 9)
    throw BadInputError("buffer_mib = " + std::to_string(bufferBytes >> 20) + " needs twice that (source and "
                        "destination) but the device has " + std::to_string(freeBytes >> 20) + " MiB free");
}

}  // namespace

RunResult runLatencyMemory(DeviceContext& context, const RunRequest& request, const ProgressFn& progress,
                           const CancelToken& cancel) {
  const DeviceInfo& device = context.info;
  const std::vector<labs::MemPlanEntry> plan = labs::memoryPlan(device, request.params, request.scope);
  const std::size_t bufferBytes = static_cast<std::size_t>(request.params.getInt("buffer_mib")) << 20;
  checkBufferFits(bufferBytes);

  CopyBench bench(device, bufferBytes, std::random_device{}());
  // The ceiling copies real data, never zeros; measured once per buffer size this session.
  bench.fillSourceRandom();
  if (progress) progress(0.0, "cudaMemcpy device-to-device ceiling");
  const BandwidthCeiling ceiling = memcpyCeiling(context, bench.destination(), bench.source(), bufferBytes, &cancel);

  const TimingPolicy policy;
  std::vector<labs::MemMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    if (progress) progress(static_cast<double>(i) / static_cast<double>(plan.size()), describe(plan[i].config));
    points.push_back(bench.measure(plan[i], policy, &cancel));
  }
  if (progress) progress(1.0, "done");

  RunResult result = labs::assembleMemoryResult(device, request.params, points, ceiling.gbpsMedian, ceiling.gbpsMin,
                                                ceiling.gbpsMax, request.scope);
  result.provenance = Provenance::Measured;
  std::ostringstream notes;
  notes.precision(4);
  notes << "Ceiling: cudaMemcpy device-to-device of " << (bufferBytes >> 20) << " MiB, median " << ceiling.gbpsMedian
        << " GB/s (" << ceiling.gbpsMin << ".." << ceiling.gbpsMax << ") over " << ceiling.reps
        << " copies, measured once per buffer size this session.";
  result.notes.push_back(notes.str());
  result.notes.push_back("Timed with CUDA events: " + std::to_string(policy.warmups) +
                         " warm-up launches, then the median of up to " + std::to_string(policy.reps) +
                         " timed launches per point (at least " + std::to_string(policy.minReps) +
                         " for slow points); spread: fastest and slowest launch.");
  result.notes.push_back("Occupancy forced with dynamic shared memory and confirmed with "
                         "cudaOccupancyMaxActiveBlocksPerMultiprocessor.");
  result.notes.push_back(std::string("Copy kernel: all loads before any store, coalesced, ") +
                         (kLabCacheHint == CacheHint::Streaming ? "streaming cache hints (__ldcs/__stcs)" : "plain loads and stores") +
                         "; whole blocks only.");
  result.notes.push_back("Checked: fresh random source per point, poisoned destination, " +
                         std::to_string(bench.wordsVerified()) + " words compared on the device, 0 wrong.");
  return result;
}

}  // namespace warpscope::cuda
