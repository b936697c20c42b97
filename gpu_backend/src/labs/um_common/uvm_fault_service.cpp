// The UVM engine's GPU fault path: one fetched batch of faults serviced as the driver does
// (uvm_gpu_replayable_faults.c), with density prefetch, thrashing checks and migrations.
#include "labs/um_common/uvm_engine.h"

#include <algorithm>

#include "labs/um_common/uvm_advice_bits.h"

namespace warpscope::labs::um {

double UvmEngine::serviceGpuFaults(Processor gpu, std::span<const FaultEntry> entries, double nowUs) {
  if (entries.empty()) return 0;
  expirePins(nowUs);
  // Fetch and preprocess: the batch is sorted by address and duplicates are merged
  // (uvm_gpu_replayable_faults.c: preprocess_fault_batch); a write anywhere makes the page a write.
  std::vector<FaultEntry> distinct(entries.begin(), entries.end());
  std::sort(distinct.begin(), distinct.end(), [](const FaultEntry& a, const FaultEntry& b) {
    return a.page != b.page ? a.page < b.page : static_cast<int>(a.access) > static_cast<int>(b.access);
  });
  distinct.erase(std::unique(distinct.begin(), distinct.end(),
                             [](const FaultEntry& a, const FaultEntry& b) { return a.page == b.page; }),
                 distinct.end());
  double t = nowUs + params.gpuFaultBatchUs + params.gpuFaultUs * static_cast<double>(distinct.size());
  const std::uint8_t gpuBit = processorBit(gpu);
  bool anyWrite = false;

  std::size_t i = 0;
  while (i < distinct.size()) {
    const std::uint32_t block = distinct[i].page / kPagesPerChunk;
    const std::uint32_t base = block * kPagesPerChunk;
    const int n = static_cast<int>(pages.pagesInBlock(block));
    BlockPageMask faulted, written, remotePolicy, remoteThrash, pinHere;
    double throttledUntil = 0;
    for (; i < distinct.size() && distinct[i].page / kPagesPerChunk == block; ++i) {
      const std::uint32_t page = distinct[i].page;
      const int idx = static_cast<int>(page - base);
      const bool write = distinct[i].access == FaultAccess::Write || distinct[i].access == FaultAccess::Atomic;
      anyWrite = anyWrite || write;
      const std::uint8_t r = pages.resident[page];
      const bool duplicated = (r & (r - 1)) != 0;  // more than one copy
      if (pages.accessibleBy(page, gpu) && !(write && duplicated)) continue;  // served earlier
      if (write && (r & gpuBit)) {
        // A write to a read-only duplicate collapses the copies (no bytes move).
        faulted.set(idx);
        written.set(idx);
        continue;
      }
      if (pages.has(page, kPinned) && thrashing.pinned(page, t)) { remoteThrash.set(idx); continue; }
      const std::uint8_t pref = preferredBit(pages.flags[page]);
      if (pref != 0 && pref != gpuBit && (r & pref)) { remotePolicy.set(idx); continue; }
      if (r != 0 && !(r & gpuBit) && !(pages.has(page, kReadMostly) && !write)) {
        ThrashVerdict v = thrashing.onFault(page, gpu, t);
        // Throttled: the faulting warps wait out the period (Throttling record) and fault again
        // just after it. (Simplified: the retry is resolved within this batch, at its later time.)
        for (int retry = 0; v.action == ThrashAction::Throttle && retry < kThrottleRetries; ++retry) {
          recordPageEvent(UmEventKind::Throttling, page, t, v.untilUs, gpu, kPageBytes);
          throttledUntil = std::max(throttledUntil, v.untilUs + kRetryAfterNapUs);
          v = thrashing.onFault(page, gpu, std::max(t, v.untilUs + kRetryAfterNapUs));
        }
        // Still throttled after kThrottleRetries periods (three processors taking turns): served.
        if (v.action == ThrashAction::Pin) {
          if (v.pinResidency == gpu) {
            pinHere.set(idx);  // migrated here as usual, then pinned
          } else {
            pinPage(page, v.pinResidency, t);  // stays where it is; this GPU maps it remotely
            remoteThrash.set(idx);
            continue;
          }
        }
      }
      faulted.set(idx);
      if (write) written.set(idx);
    }
    t = std::max(t, throttledUntil);  // the throttled faults are served after their nap
    if (!faulted.empty() || !remotePolicy.empty() || !remoteThrash.empty()) t += params.gpuFaultBlockUs;
    if (!remotePolicy.empty()) {
      // The GPU maps the faulted pages' whole 64 KiB big pages where they lie (same advice).
      BlockPageMask grown;
      for (int big = 0; big < n; big += kPagesPerBlock) {
        const int len = std::min(kPagesPerBlock, n - big);
        if (remotePolicy.countIn(big, len) == 0) continue;
        for (int k = big; k < big + len; ++k) {
          const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
          const std::uint8_t pref = preferredBit(pages.flags[pg]);
          if (pref != 0 && (pages.resident[pg] & pref) && !pages.accessibleBy(pg, gpu)) grown.set(k);
        }
      }
      mapRemote(block, grown, gpu, UmCause::Policy, t);
    }
    if (!remoteThrash.empty()) mapRemote(block, remoteThrash, gpu, UmCause::Thrashing, t);
    if (faulted.empty()) continue;

    // Masks of the whole block are built word by word; per-page work visits only the set pages.
    const BlockPageMask residentHere = pages.residentMask(block, gpu);
    bool thrashingPages = false;
    faulted.forEach([&](int k) { thrashingPages = thrashingPages || thrashing.thrashing(base + static_cast<std::uint32_t>(k)); });
    // Write faults on duplicates are already resident: collapse them without a transfer.
    const BlockPageMask collapse = faulted & residentHere;
    collapse.forEach([&](int k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      pages.resident[pg] = gpuBit;
      pages.mapped[pg] = static_cast<std::uint8_t>(accessedByBits(pages.flags[pg]) & ~gpuBit);
      trace.residencyFromTable(t, pages, pg, 1);
    });
    const BlockPageMask toFetch = faulted.minus(collapse);
    if (toFetch.empty()) continue;
    BlockPageMask move = densityPrefetch(residentHere, toFetch, n, params.prefetchThresholdPct, !thrashingPages);
    // The prefetch leaves pages that are mapped remotely by policy or pinned where they are.
    move.minus(toFetch).forEach([&](int k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      const std::uint8_t pref = preferredBit(pages.flags[pg]);
      if (pages.has(pg, kPinned) || (pref != 0 && pref != gpuBit && (pages.resident[pg] & pref)) ||
          (pages.mapped[pg] & gpuBit))
        move.clear(k);
    });
    const BlockPageMask prefetched = move.minus(toFetch);
    // ReadMostly pages read by the GPU are duplicated; written ones migrate (collapsing copies).
    BlockPageMask dup, mig;
    move.forEach([&](int k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      if (pages.has(pg, kReadMostly) && !written.test(k)) dup.set(k); else mig.set(k);
    });
    t += migrate(block, mig, prefetched, gpu, UmCause::Coherence, false, t);
    t += migrate(block, dup, prefetched, gpu, UmCause::Coherence, true, t);
    pinHere.forEach([&](int k) { pinPage(base + static_cast<std::uint32_t>(k), gpu, t); });
  }

  UmEvent group;
  group.kind = UmEventKind::GpuPageFault;
  group.startUs = nowUs;
  group.endUs = t;
  group.address = static_cast<std::uint64_t>(distinct.front().page) * kPageBytes;
  group.bytes = static_cast<std::uint64_t>(distinct.back().page - distinct.front().page + 1) * kPageBytes;
  group.count = distinct.size();
  group.destination = gpu;
  group.access = anyWrite ? FaultAccess::Write : FaultAccess::Read;
  trace.event(group);
  return t - nowUs;
}

}  // namespace warpscope::labs::um
