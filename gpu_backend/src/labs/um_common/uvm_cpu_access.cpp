// The UVM engine's CPU path: CPU reads and writes of managed pages, their faults, migrations
// back to host memory, and the anti-thrashing heuristic on the CPU side.
#include "labs/um_common/uvm_engine.h"

#include <algorithm>
#include <bit>

#include "labs/um_common/uvm_advice_bits.h"

namespace warpscope::labs::um {

double UvmEngine::cpuAccess(std::uint32_t first, std::uint32_t count, bool write, double nowUs, double bytesPerPage) {
  expirePins(nowUs);
  double t = nowUs;
  double localBytes = 0;
  const std::uint32_t end = std::min(pages.pageCount(), first + count);
  for (std::uint32_t page = first; page < end; ++page) {
    const std::uint8_t r = pages.resident[page];
    if (r == 0) {
      // First touch: a CPU fault that populates host pages, the faulted page's region as the
      // density prefetch grows it (the H200 shows 6 CPU faults per 2 MiB of a fresh buffer).
      recordPageEvent(UmEventKind::CpuPageFault, page, t, t, Processor::Cpu, 0,
                      write ? FaultAccess::Write : FaultAccess::Read);
      const std::uint32_t block = page / kPagesPerChunk;
      const std::uint32_t base = block * kPagesPerChunk;
      const int n = static_cast<int>(pages.pagesInBlock(block));
      BlockPageMask populated, faulted;
      for (int k = 0; k < n; ++k)
        if (pages.resident[base + static_cast<std::uint32_t>(k)] != 0) populated.set(k);
      faulted.set(static_cast<int>(page - base));
      const BlockPageMask fill = densityPrefetch(populated, faulted, n, params.prefetchThresholdPct, true);
      int filled = 0;
      for (int k = 0; k < n; ++k) {
        const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
        if (!fill.test(k) || pages.resident[pg] != 0) continue;
        pages.resident[pg] = kCpuBit;
        pages.mapped[pg] = accessedByBits(pages.flags[pg]);
        ++filled;
      }
      t += params.cpuFaultUs + params.hostPagePopulateUs * filled;
      trace.residencyFromTable(t, pages, base, static_cast<std::uint32_t>(n));
      localBytes += bytesPerPage;
      continue;
    }
    if (r & kCpuBit) {
      if (write && (r & ~kCpuBit)) {
        // Writing a read-only duplicate: the CPU faults and the other copies are invalidated.
        recordPageEvent(UmEventKind::CpuPageFault, page, t, t, Processor::Cpu, 0, FaultAccess::Write);
        t += params.cpuFaultUs;
        for (int g = 1; g <= 2; ++g)
          if (r & (1u << g)) {
            pages.resident[page] = static_cast<std::uint8_t>(pages.resident[page] & ~(1u << g));
            releaseIfEmpty(static_cast<Processor>(g), page / kPagesPerChunk);
          }
        pages.mapped[page] = static_cast<std::uint8_t>(accessedByBits(pages.flags[page]) & ~pages.resident[page]);
        trace.residencyFromTable(t, pages, page, 1);
      }
      localBytes += bytesPerPage;
      continue;
    }
    // Only on a GPU. A PCIe host cannot map GPU memory, so the page comes to the CPU whatever the
    // advice (a preferred location on the GPU included).
    recordPageEvent(UmEventKind::CpuPageFault, page, t, t, Processor::Cpu, 0,
                    write ? FaultAccess::Write : FaultAccess::Read);
    bool pin = false;
    bool thrashingPage = false;
    if (!(pages.has(page, kReadMostly) && !write)) {
      ThrashVerdict v = thrashing.onFault(page, Processor::Cpu, t);
      // Throttled: the CPU thread sleeps out the period (Throttling record), then faults again.
      for (int retry = 0; v.action == ThrashAction::Throttle && retry < kThrottleRetries; ++retry) {
        const double napEnd = std::max(t, v.untilUs);
        recordPageEvent(UmEventKind::Throttling, page, t, napEnd, Processor::Cpu, kPageBytes);
        t = napEnd + kRetryAfterNapUs;
        v = thrashing.onFault(page, Processor::Cpu, t);
      }
      // Still throttled after kThrottleRetries periods (three processors taking turns): served.
      // A CPU pin is in host memory: every processor of a PCIe host can map it there.
      pin = v.action == ThrashAction::Pin;
      thrashingPage = thrashing.thrashing(page);
    }
    t += params.cpuFaultUs;
    const std::uint32_t block = page / kPagesPerChunk;
    const std::uint32_t base = block * kPagesPerChunk;
    const int n = static_cast<int>(pages.pagesInBlock(block));
    BlockPageMask residentHere, faulted;
    faulted.set(static_cast<int>(page - base));
    BlockPageMask move = faulted;
    if (!thrashingPage) {
      for (int k = 0; k < n; ++k)
        if (pages.resident[base + static_cast<std::uint32_t>(k)] & kCpuBit) residentHere.set(k);
      // As on the GPU, the faulted page's 64 KiB region seeds the tree (the H200 shows 6 CPU
      // faults per 2 MiB read back: 64 KiB, 64 KiB, 128 KiB, ... 1 MiB).
      move = densityPrefetch(residentHere, faulted, n, params.prefetchThresholdPct, true);
      for (int k = 0; k < n; ++k) {  // pinned pages stay put
        if (move.test(k) && !faulted.test(k) && pages.has(base + static_cast<std::uint32_t>(k), kPinned))
          move.words[static_cast<std::size_t>(k >> 6)] &= ~(1ull << (k & 63));
      }
    }
    const std::uint8_t gpusBefore = static_cast<std::uint8_t>(pages.resident[page] & ~kCpuBit);
    const bool dup = pages.has(page, kReadMostly) && !write;
    t += migrate(block, move, move.minus(faulted), Processor::Cpu, UmCause::Coherence, dup, t);
    if (pin) {
      // Pinned in host memory (the GPU can map it; a PCIe host cannot map GPU memory): the GPUs
      // that had the page map it remotely.
      pinPage(page, Processor::Cpu, t);
      for (int g = 1; g <= 2; ++g) {
        if (!(gpusBefore & (1u << g))) continue;
        BlockPageMask one;
        one.set(static_cast<int>(page - base));
        mapRemote(block, one, static_cast<Processor>(g), UmCause::Thrashing, t);
      }
    }
    localBytes += bytesPerPage;
  }
  t += localBytes / (params.cpuTouchGBs * 1e3);
  return t - nowUs;
}

}  // namespace warpscope::labs::um
