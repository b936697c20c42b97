#include "labs/um_common/uvm_access_counters.h"

#include <algorithm>
#include <cmath>

#include "warpscope/params.h"

namespace warpscope::labs::um {

namespace {

double localUs(const UvmParams& p, std::uint64_t bytes) { return static_cast<double>(bytes) / (p.dramGBs * 1e3); }
double remoteUs(const UvmParams& p, std::uint64_t bytes) {
  return static_cast<double>(bytes) / (p.remoteAccessGBs * 1e3);
}

/// Fault-based: the phase's 64 KiB big pages the GPU cannot access fault in address order (one
/// entry each, at the first page touched in it: a GPU fault grows to its big page), fault_batch_count
/// at a time (a page the density prefetch brought in meanwhile no longer faults); then the phase
/// reads locally.
double runFaultPhase(UvmEngine& engine, Processor gpu, const KernelPhase& phase, double t, CountedAccessRun& run) {
  const double start = t;
  const auto batchMax = static_cast<std::size_t>(std::max(1, engine.params.faultBatchCount));
  std::vector<std::uint32_t> pagesTouched;
  for (const ByteRange& r : phase) {
    if (r.bytes == 0) continue;
    for (std::uint64_t p = r.firstByte / kPageBytes; p <= (r.firstByte + r.bytes - 1) / kPageBytes; ++p)
      pagesTouched.push_back(static_cast<std::uint32_t>(p));
  }
  std::sort(pagesTouched.begin(), pagesTouched.end());
  pagesTouched.erase(
      std::unique(pagesTouched.begin(), pagesTouched.end(),
                  [](std::uint32_t a, std::uint32_t b) { return a / kPagesPerBlock == b / kPagesPerBlock; }),
      pagesTouched.end());
  std::vector<FaultEntry> batch;
  std::size_t next = 0;
  while (next < pagesTouched.size()) {
    batch.clear();
    for (; next < pagesTouched.size() && batch.size() < batchMax; ++next)
      if (!engine.pages.accessibleBy(pagesTouched[next], gpu)) batch.push_back({pagesTouched[next], FaultAccess::Read});
    t += engine.serviceGpuFaults(gpu, batch, t);
  }
  for (const ByteRange& r : phase) {
    t += localUs(engine.params, r.bytes);
    run.localBytes += r.bytes;
  }
  return t - start;
}

/// Access counters: per region, what has been counted and when its migration completes.
struct RegionState {
  int counted = 0;
  double readyAtUs = -1;  ///< Local from then on (-1: not migrating).
  std::uint64_t remoteBytes = 0;
};

double runCountedPhase(UvmEngine& engine, Processor gpu, const KernelPhase& phase, double t, CountedAccessRun& run,
                       std::vector<RegionState>& regions) {
  const UvmParams& p = engine.params;
  const double start = t;
  const std::uint64_t regionBytes = p.accessCounterRegionBytes;
  const auto accessBytes = static_cast<std::uint64_t>(p.accessCounterAccessBytes);
  for (const ByteRange& r : phase) {
    std::uint64_t pos = r.firstByte;
    const std::uint64_t end = r.firstByte + r.bytes;
    while (pos < end) {
      const std::uint64_t region = pos / regionBytes;
      const std::uint64_t chunkEnd = std::min(end, (region + 1) * regionBytes);
      std::uint64_t bytes = chunkEnd - pos;
      pos = chunkEnd;
      RegionState& s = regions[region];
      const auto firstPage = static_cast<std::uint32_t>(region * regionBytes / kPageBytes);
      if (s.readyAtUs >= 0 && t >= s.readyAtUs) {  // migrated: local
        t += localUs(p, bytes);
        run.localBytes += bytes;
        continue;
      }
      if (!engine.pages.accessibleBy(firstPage, gpu))
        throw BadInputError("access counters: the region at byte " + std::to_string(region * regionBytes) +
                            " is not mapped to the GPU (access counters count remote accesses to mapped memory)");
      if (s.readyAtUs >= 0) {  // migrating: read on remotely until it lands, then locally
        const auto window = static_cast<std::uint64_t>((s.readyAtUs - t) * p.remoteAccessGBs * 1e3);
        const std::uint64_t remote = std::min(bytes, window);
        t += remoteUs(p, remote);
        run.remoteBytes += remote;
        if (bytes > remote) {
          t = std::max(t, s.readyAtUs) + localUs(p, bytes - remote);
          run.localBytes += bytes - remote;
        }
        continue;
      }
      const std::uint64_t accesses = (bytes + accessBytes - 1) / accessBytes;
      const auto left = static_cast<std::uint64_t>(p.accessCounterThreshold - s.counted);
      if (accesses < left) {
        s.counted += static_cast<int>(accesses);
        s.remoteBytes += bytes;
        t += remoteUs(p, bytes);
        run.remoteBytes += bytes;
        continue;
      }
      // The threshold is reached: the notification, then the region migrates while the warps read on.
      const std::uint64_t before = std::min(bytes, left * accessBytes);
      t += remoteUs(p, before);
      s.remoteBytes += before;
      run.remoteBytes += before;
      s.counted = 0;
      ++run.notifications;
      const double migrationStart = t + p.accessCounterServiceUs;
      const auto pagesPerRegion = static_cast<std::uint32_t>(regionBytes / kPageBytes);
      const double took = engine.migrateRange(firstPage, pagesPerRegion, gpu, UmCause::AccessCounters, migrationStart);
      s.readyAtUs = migrationStart + took;
      if (run.firstMigrationUs < 0) run.firstMigrationUs = migrationStart;
      run.remoteBytesBeforeMigration += s.remoteBytes;
      pos -= bytes - before;  // the rest of this chunk is read against the migration
    }
  }
  return t - start;
}

}  // namespace

CountedAccessRun runCountedAccesses(UvmEngine& engine, Processor gpu, const std::vector<KernelPhase>& phases,
                                    MigrationTrigger trigger, double nowUs) {
  CountedAccessRun run;
  const std::uint64_t allocationBytes = static_cast<std::uint64_t>(engine.pages.pageCount()) * kPageBytes;
  std::vector<RegionState> regions(static_cast<std::size_t>(
      (allocationBytes + engine.params.accessCounterRegionBytes - 1) / engine.params.accessCounterRegionBytes));
  const std::size_t eventsBefore = engine.trace.events.size();
  double t = nowUs;
  for (const KernelPhase& phase : phases) {
    for (const ByteRange& r : phase)
      if (r.firstByte + r.bytes > allocationBytes)
        throw BadInputError("access counters: a read runs past the allocation's " + std::to_string(allocationBytes) +
                            " bytes");
    t += trigger == MigrationTrigger::FirstTouchFault ? runFaultPhase(engine, gpu, phase, t, run)
                                                      : runCountedPhase(engine, gpu, phase, t, run, regions);
  }
  if (trigger == MigrationTrigger::FirstTouchFault)
    for (std::size_t i = eventsBefore; i < engine.trace.events.size(); ++i) {
      const UmEvent& e = engine.trace.events[i];
      if (e.kind == UmEventKind::BytesHtoD && (run.firstMigrationUs < 0 || e.startUs < run.firstMigrationUs))
        run.firstMigrationUs = e.startUs;
    }
  // Migrations still in flight when the last read ends: the kernel's data is not the GPU's yet,
  // but the kernel is done (the copies finish behind it).
  run.durationUs = t - nowUs;
  return run;
}

}  // namespace warpscope::labs::um
