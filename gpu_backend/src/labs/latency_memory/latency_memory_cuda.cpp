#include <algorithm>
#include <random>
#include <sstream>

#include "labs/latency_memory/latency_memory_cuda.h"

#include "cuda/ceilings.h"
#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "labs/latency_memory/copy_bench.h"
#include "labs/latency_memory/latency_memory_lab.h"

namespace warpscope::labs {

using cuda::BandwidthCeiling;
using cuda::CacheHint;
using cuda::kLabCacheHint;
using cuda::CopyBench;
using cuda::CopyBuffers;
using cuda::DeviceContext;
using cuda::TimingPolicy;

namespace {

std::string describe(const MemConfig& c) {
  return std::to_string(c.elementsPerThread) + " x " + std::to_string(c.elementBytes) + " B per thread, " +
         std::to_string(c.threadsPerBlock) + " threads x " + std::to_string(c.blocksPerSm) + " blocks per SM";
}

constexpr std::size_t kMiB = std::size_t{1} << 20;

/// Nsight Compute's DRAM metrics: bytes read and written.
constexpr const char* kDramRead = "dram__bytes_read.sum";
constexpr const char* kDramWrite = "dram__bytes_write.sum";
/// buffer_mib's grid (latencyMemorySpec(): 32..2048 step 32).
constexpr std::size_t kBufferMibStep = 32;

/// Refuses a buffer the L2 could hold a good part of: the copy must measure DRAM, not cache
/// (source + destination at least 4 x L2, so at most a quarter of the traffic can hit in L2).
void checkBufferOutgrowsL2(std::size_t bufferBytes, const DeviceInfo& device) {
  const std::size_t l2Bytes = static_cast<std::size_t>(device.l2Bytes);
  if (2 * bufferBytes >= 4 * l2Bytes) return;
  // The smallest buffer_mib with 2 x buffer >= 4 x L2, on the slider's grid (multiples of 32).
  const std::size_t needMib = (2 * l2Bytes + kMiB - 1) / kMiB;
  const std::size_t minMib = (needMib + kBufferMibStep - 1) / kBufferMibStep * kBufferMibStep;
  std::ostringstream what;
  what.precision(3);
  what << "buffer_mib = " << bufferBytes / kMiB << " is too small for " << device.name << " ("
       << static_cast<double>(l2Bytes) / static_cast<double>(kMiB) << " MiB L2): source + destination ("
       << 2 * bufferBytes / kMiB << " MiB) must be at least 4 x L2 so the copy measures DRAM, not cache; "
       << "use buffer_mib >= " << minMib;
  throw BadInputError(what.str());
}

/// Refuses a buffer that cannot fit before cudaMalloc fails with a less helpful message.
void checkBufferFits(std::size_t bufferBytes) {
  std::size_t freeBytes = 0, totalBytes = 0;
  WS_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  // Source + destination, and room for the runtime and other users of the GPU.
  if (2 * bufferBytes > freeBytes / 10 * 9)
    throw BadInputError("buffer_mib = " + std::to_string(bufferBytes / kMiB) + " needs twice that (source and "
                        "destination) but the device has " + std::to_string(freeBytes / kMiB) + " MiB free");
}

/// The context's CopyBench for this buffer size: kept from the last run when the size matches,
/// otherwise the old buffers are freed first (so both sizes never need to fit at once).
CopyBench& copyBenchFor(DeviceContext& context, std::size_t bufferBytes) {
  std::unique_ptr<CopyBench>& kept = context.labState<CopyBuffers>().bench;
  if (kept && kept->bufferBytes() == bufferBytes) return *kept;
  kept.reset();
  checkBufferFits(bufferBytes);
  kept = std::make_unique<CopyBench>(context.info, bufferBytes, std::random_device{}());
  return *kept;
}

}  // namespace

RunResult measureLatencyMemory(DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const std::vector<MemPlanEntry> plan = memoryPlan(device, request.params, request.scope);
  const std::size_t bufferBytes = static_cast<std::size_t>(request.params.getInt("buffer_mib")) * kMiB;
  checkBufferOutgrowsL2(bufferBytes, device);

  CopyBench& bench = copyBenchFor(context, bufferBytes);
  const long long wordsVerifiedBefore = bench.wordsVerified();
  // The ceiling copies real data, never zeros; measured once per buffer size this session.
  bench.fillSourceRandom();
  monitor.step(0, plan.size() + 1, "cudaMemcpy device-to-device ceiling");
  const BandwidthCeiling ceiling =
      cuda::memcpyCeiling(context, bench.destination(), bench.source(), bufferBytes, &monitor.token());

  const TimingPolicy policy;
  std::vector<MemMeasurement> points;
  points.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    monitor.step(i + 1, plan.size() + 1, describe(plan[i].config));
    points.push_back(bench.measure(plan[i], policy, &monitor.token()));
  }
  // The GPU's own count of the focus copy's DRAM traffic, in a launch of its own.
  const MemPlanEntry focus = memoryPlan(device, request.params, RunScope::FocusOnly).front();
  cuda::CounterReading counters = cuda::countersSkippedOnFocusMove();
  std::size_t copiedBytes = 0;
  if (request.scope == RunScope::FullSweep)
    copiedBytes = bench.countedCopy(focus, [&](const std::function<void()>& launch) {
      counters = cuda::readCounters(context, {kDramRead, kDramWrite}, launch);
    });
  monitor.done();

  DramWitness witness;
  witness.copyBytes = static_cast<double>(copiedBytes);
  if (counters.ok() && copiedBytes > 0) {
    witness.readBytes = counters.value(kDramRead);
    witness.writeBytes = counters.value(kDramWrite);
  }
  RunResult result = assembleMemoryResult(device, request.params, points, ceiling.gbpsMedian, ceiling.gbpsMin,
                                          ceiling.gbpsMax, request.scope, witness);
  result.provenance = Provenance::Measured;
  std::ostringstream notes;
  notes.precision(4);
  notes << "Ceiling: cudaMemcpy device-to-device of " << (bufferBytes / kMiB) << " MiB, median " << ceiling.gbpsMedian
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
  cuda::addCounterScalars(result, counters,
                          {{kDramRead, "DRAM bytes read, focus copy"}, {kDramWrite, "DRAM bytes written, focus copy"}});
  if (counters.ok() && copiedBytes > 0) {
    // The DRAM throughput of the timed launches: the counted launch's DRAM bytes over the time the
    // timed ones took for the same copy (a rate read off the counted launch itself would time a
    // different launch, and differ from run to run by more than the counters do).
    const double dramBytes = counters.value(kDramRead) + counters.value(kDramWrite);
    const auto timed = std::find_if(points.begin(), points.end(), [&](const MemMeasurement& m) {
      const MemConfig& c = m.entry.config;
      return c.elementsPerThread == focus.config.elementsPerThread && c.elementBytes == focus.config.elementBytes &&
             c.threadsPerBlock == focus.config.threadsPerBlock && c.blocksPerSm == focus.config.blocksPerSm;
    });
    std::ostringstream dram;
    dram.precision(4);
    dram << "DRAM traffic of the focus copy (" << describe(focus.config) << "): the counters read "
         << counters.value(kDramRead) / 1e6 << " MB and wrote " << counters.value(kDramWrite) / 1e6
         << " MB; the copy itself reads and writes " << static_cast<double>(copiedBytes) / 1e6 << " MB each.";
    if (timed != points.end() && timed->gbpsMedian > 0) {
      const double gbps = dramBytes / (2.0 * static_cast<double>(copiedBytes)) * timed->gbpsMedian;
      dram << " DRAM throughput of the timed launches: " << gbps << " GB/s (read + write).";
      result.scalars.push_back({"latency_memory.focus_dram_gbps", "DRAM throughput, focus copy (counted bytes / timed)",
                                gbps, "GB/s"});
    }
    result.notes.push_back(dram.str());
    result.scalars.push_back({"latency_memory.focus_copy_bytes", "Bytes the focus copy reads (and writes)",
                              static_cast<double>(copiedBytes), "bytes"});
  }
  result.notes.push_back("Checked: fresh random source per point, poisoned destination, " +
                         std::to_string(bench.wordsVerified() - wordsVerifiedBefore) + " words compared on the device, 0 wrong.");
  return result;
}

}  // namespace warpscope::labs
