#include "labs/um_common/uvm_engine.h"

#include <algorithm>
#include <bit>

namespace warpscope::labs::um {

namespace {

constexpr std::uint8_t kCpuBit = processorBit(Processor::Cpu);

/// The processors that always map the page (cudaMemAdviseSetAccessedBy).
std::uint8_t accessedByBits(std::uint8_t flags) {
  std::uint8_t bits = 0;
  if (flags & kAccessedByGpu0) bits |= processorBit(Processor::Gpu0);
  if (flags & kAccessedByGpu1) bits |= processorBit(Processor::Gpu1);
  return bits;
}

/// The preferred location's bit (0: none).
std::uint8_t preferredBit(std::uint8_t flags) {
  if (flags & kPreferCpu) return kCpuBit;
  if (flags & kPreferGpu0) return processorBit(Processor::Gpu0);
  if (flags & kPreferGpu1) return processorBit(Processor::Gpu1);
  return 0;
}

/// Where a migration to `dest` copies the page from: the CPU's copy if it has one, else a GPU's.
/// Returns false for an unpopulated page (populated at the destination, nothing moves).
bool sourceOf(std::uint8_t resident, Processor dest, Processor& source) {
  const std::uint8_t others = static_cast<std::uint8_t>(resident & ~processorBit(dest));
  if (others == 0) return false;
  if (others & kCpuBit) source = Processor::Cpu;
  else if (others & processorBit(Processor::Gpu0)) source = Processor::Gpu0;
  else source = Processor::Gpu1;
  return true;
}

UmEventKind transferKind(Processor from, Processor to) {
  if (from == Processor::Cpu) return UmEventKind::BytesHtoD;
  if (to == Processor::Cpu) return UmEventKind::BytesDtoH;
  return UmEventKind::BytesDtoD;
}

}  // namespace

UvmEngine::UvmEngine(const UvmParams& p, std::uint64_t allocationBytes, int gpuCount, double gpuMemoryBytesOverride)
    : params(p), pages(allocationBytes), thrashing(p, pages.pageCount()), link(p), gpuCount_(gpuCount) {
  const double memory = gpuMemoryBytesOverride > 0 ? gpuMemoryBytesOverride : p.deviceMemoryBytes;
  const auto chunks = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(memory / static_cast<double>(kChunkBytes)));
  for (int g = 0; g < gpuCount_; ++g) gpuMemory.emplace_back(chunks, pages.blockCount());
}

void UvmEngine::placeInitially(std::uint32_t first, std::uint32_t count, Processor p) {
  pages.placeOnly(first, count, p);
  const std::uint32_t last = std::min(pages.pageCount(), first + count);
  for (std::uint32_t i = first; i < last; ++i)
    pages.mapped[i] = static_cast<std::uint8_t>(accessedByBits(pages.flags[i]) & ~pages.resident[i]);
  if (p != Processor::Cpu) {
    const std::uint32_t end = std::min(pages.pageCount(), first + count);
    for (std::uint32_t b = first / kPagesPerChunk; b * kPagesPerChunk < end; ++b) gpuMemory[gpuIndex(p)].allocate(b);
  }
}

void UvmEngine::expirePins(double nowUs) {
  while (!pins_.empty() && pins_.top().first <= nowUs) {
    const std::uint32_t page = pins_.top().second;
    pins_.pop();
    if (!pages.has(page, kPinned) || thrashing.pinned(page, nowUs)) continue;
    pages.flags[page] = static_cast<std::uint8_t>(pages.flags[page] & ~kPinned);
    pages.mapped[page] = static_cast<std::uint8_t>(accessedByBits(pages.flags[page]) & ~pages.resident[page]);
    trace.residencyFromTable(nowUs, pages, page, 1);
  }
}

double UvmEngine::cpuFirstTouch(std::uint32_t first, std::uint32_t count, double nowUs) {
  const std::uint32_t end = std::min(pages.pageCount(), first + count);
  for (std::uint32_t p = first; p < end; ++p) {
    if (pages.resident[p] == 0) {
      pages.resident[p] = kCpuBit;
      pages.mapped[p] = accessedByBits(pages.flags[p]);
    }
  }
  trace.residencyFromTable(nowUs, pages, first, end - first);
  return static_cast<double>(end - first) * static_cast<double>(kPageBytes) / (params.cpuTouchGBs * 1e3);
}

void UvmEngine::releaseIfEmpty(Processor gpu, std::uint32_t block) {
  if (gpu == Processor::Cpu || gpuIndex(gpu) >= gpuMemory.size()) return;
  GpuChunkLru& mem = gpuMemory[gpuIndex(gpu)];
  if (!mem.holds(block)) return;
  const std::uint32_t base = block * kPagesPerChunk;
  const std::uint32_t n = pages.pagesInBlock(block);
  for (std::uint32_t i = 0; i < n; ++i)
    if (pages.residentOn(base + i, gpu)) return;
  mem.release(block);
}

double UvmEngine::evict(Processor gpu, std::uint32_t block, double nowUs) {
  const std::uint8_t bit = processorBit(gpu);
  const std::uint32_t base = block * kPagesPerChunk;
  const std::uint32_t n = pages.pagesInBlock(block);
  double t = nowUs;
  std::uint32_t i = 0;
  while (i < n) {
    const std::uint32_t page = base + i;
    if (!(pages.resident[page] & bit)) { ++i; continue; }
    const bool copyElsewhere = (pages.resident[page] & ~bit) != 0;
    std::uint32_t j = i + 1;
    while (j < n && (pages.resident[base + j] & bit) && (((pages.resident[base + j] & ~bit) != 0) == copyElsewhere)) ++j;
    const std::uint32_t len = j - i;
    const std::uint64_t bytes = static_cast<std::uint64_t>(len) * kPageBytes;
    evictedBytes += bytes;
    if (copyElsewhere) {
      // A read-only duplicate: the other copy stays valid, this one is simply dropped.
      droppedBytes += bytes;
      for (std::uint32_t k = i; k < j; ++k) pages.resident[base + k] = static_cast<std::uint8_t>(pages.resident[base + k] & ~bit);
      trace.residencyFromTable(t, pages, page, len);
    } else {
      trace.residency(t, page, len, PageState::Evicting);
      // The only copy: it lands in freshly populated host pages.
      const double dur = link.transferUs(bytes, gpu, Processor::Cpu) + params.hostPagePopulateUs * len;
      UmEvent e;
      e.kind = UmEventKind::BytesDtoH;
      e.startUs = t;
      e.endUs = t + dur;
      e.address = static_cast<std::uint64_t>(page) * kPageBytes;
      e.bytes = bytes;
      e.source = gpu;
      e.destination = Processor::Cpu;
      e.cause = UmCause::Eviction;
      trace.event(e);
      t += dur;
      for (std::uint32_t k = i; k < j; ++k) {
        const std::uint32_t pg = base + k;
        pages.resident[pg] = kCpuBit;
        // No remote mapping is left behind: uvm_va_space_map_remote_on_eviction (uvm_va_block.c)
        // needs access-counter migrations, which x86 + PCIe systems do not enable.
        pages.mapped[pg] = static_cast<std::uint8_t>(accessedByBits(pages.flags[pg]) & ~kCpuBit);
      }
      trace.residencyFromTable(t, pages, page, len);
    }
    i = j;
  }
  gpuMemory[gpuIndex(gpu)].release(block);
  return t - nowUs;
}

double UvmEngine::ensureChunk(Processor gpu, std::uint32_t block, double nowUs) {
  GpuChunkLru& mem = gpuMemory[gpuIndex(gpu)];
  if (mem.holds(block)) return 0;
  double t = nowUs;
  while (mem.full()) {
    const auto victim = mem.leastRecentlyUsed();
    if (!victim) break;
    t += evict(gpu, *victim, t);
  }
  mem.allocate(block);
  return t - nowUs;
}

void UvmEngine::mapRemote(std::uint32_t block, const BlockPageMask& mask, Processor processor, UmCause cause,
                          double nowUs) {
  const std::uint32_t base = block * kPagesPerChunk;
  const int n = static_cast<int>(pages.pagesInBlock(block));
  int i = 0;
  while (i < n) {
    if (!mask.test(i)) { ++i; continue; }
    int j = i + 1;
    while (j < n && mask.test(j)) ++j;
    for (int k = i; k < j; ++k) pages.mapped[base + k] = static_cast<std::uint8_t>(pages.mapped[base + k] | processorBit(processor));
    UmEvent e;
    e.kind = UmEventKind::RemoteMap;
    e.startUs = e.endUs = nowUs;
    e.address = static_cast<std::uint64_t>(base + i) * kPageBytes;
    e.bytes = static_cast<std::uint64_t>(j - i) * kPageBytes;
    e.destination = processor;
    e.cause = cause;
    trace.event(e);
    trace.residencyFromTable(nowUs, pages, base + static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j - i));
    i = j;
  }
}

double UvmEngine::migrate(std::uint32_t block, const BlockPageMask& mask, const BlockPageMask& prefetched,
                          Processor dest, UmCause cause, bool duplicate, double nowUs) {
  if (mask.empty()) return 0;
  double t = nowUs;
  if (dest != Processor::Cpu) t += ensureChunk(dest, block, t);
  const std::uint32_t base = block * kPagesPerChunk;
  const int n = static_cast<int>(pages.pagesInBlock(block));
  const std::uint8_t destBit = processorBit(dest);
  bool sourceGpus[3] = {false, false, false};
  bool overheadPaid = false;
  int i = 0;
  while (i < n) {
    if (!mask.test(i)) { ++i; continue; }
    Processor src = Processor::Cpu;
    const bool moves = sourceOf(pages.resident[base + i], dest, src);
    // One copy per contiguous run from one source and of one cause: the driver copies the faulted
    // pages and the prefetched ones as separate ranges (CUPTI shows "coherence" and "prefetch"
    // transfers on the H200).
    const bool isPrefetch = prefetched.test(i);
    int j = i + 1;
    while (j < n && mask.test(j) && prefetched.test(j) == isPrefetch) {
      Processor s2 = Processor::Cpu;
      const bool m2 = sourceOf(pages.resident[base + j], dest, s2);
      if (m2 != moves || (moves && s2 != src)) break;
      ++j;
    }
    const auto len = static_cast<std::uint32_t>(j - i);
    const std::uint64_t bytes = static_cast<std::uint64_t>(len) * kPageBytes;
    if (moves) {
      // The driver pushes all of a block's copies to the copy engine, then waits once: the fixed
      // per-transfer cost is paid once per block and migration, each range adds its bytes.
      double dur = link.bytesUs(bytes, src, dest);
      if (dest == Processor::Cpu) dur += params.hostPagePopulateUs * len;  // host pages to back them
      if (!overheadPaid) {
        dur += params.transferOverheadUs;
        overheadPaid = true;
        ++blockMigrations;
      }
      UmEvent e;
      e.kind = transferKind(src, dest);
      e.startUs = t;
      e.endUs = t + dur;
      e.address = static_cast<std::uint64_t>(base + static_cast<std::uint32_t>(i)) * kPageBytes;
      e.bytes = bytes;
      e.source = src;
      e.destination = dest;
      e.cause = isPrefetch ? UmCause::Prefetch : cause;
      trace.event(e);
      t += dur;
      if (!duplicate && src != Processor::Cpu) sourceGpus[static_cast<int>(src)] = true;
    }
    for (int k = i; k < j; ++k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      if (duplicate && pages.resident[pg] != 0) {
        pages.resident[pg] = static_cast<std::uint8_t>(pages.resident[pg] | destBit);
      } else {
        // A migration: every other copy is invalidated (a write also collapses duplicates).
        for (int g = 1; g <= 2; ++g)
          if (static_cast<Processor>(g) != dest && (pages.resident[pg] & (1u << g))) sourceGpus[g] = true;
        pages.resident[pg] = destBit;
      }
      pages.mapped[pg] = static_cast<std::uint8_t>(accessedByBits(pages.flags[pg]) & ~pages.resident[pg]);
      thrashing.onMigrated(pg, dest, t);
    }
    trace.residencyFromTable(t, pages, base + static_cast<std::uint32_t>(i), len);
    i = j;
  }
  for (int g = 1; g <= 2; ++g)
    if (sourceGpus[g]) releaseIfEmpty(static_cast<Processor>(g), block);
  if (dest != Processor::Cpu) {
    bool full = true;
    for (int k = 0; k < n && full; ++k) full = pages.residentOn(base + static_cast<std::uint32_t>(k), dest);
    if (full) gpuMemory[gpuIndex(dest)].touch(block);
  }
  return t - nowUs;
}

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
    BlockPageMask faulted, written, remotePolicy, remoteThrash;
    bool throttled = false;
    for (; i < distinct.size() && distinct[i].page / kPagesPerChunk == block; ++i) {
      const std::uint32_t page = distinct[i].page;
      const int idx = static_cast<int>(page - base);
      const bool write = distinct[i].access == FaultAccess::Write || distinct[i].access == FaultAccess::Atomic;
      anyWrite = anyWrite || write;
      const std::uint8_t r = pages.resident[page];
      const bool duplicated = std::popcount(static_cast<unsigned>(r)) > 1;
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
        const ThrashVerdict v = thrashing.onFault(page, gpu, t);
        if (v.newlyThrashing) {
          UmEvent e;
          e.kind = UmEventKind::Thrashing;
          e.startUs = e.endUs = t;
          e.address = static_cast<std::uint64_t>(page) * kPageBytes;
          e.bytes = kPageBytes;
          e.destination = gpu;
          trace.event(e);
        }
        if (v.action == ThrashAction::Throttle) {
          UmEvent e;
          e.kind = UmEventKind::Throttling;
          e.startUs = t;
          e.endUs = t + params.thrashingNapUs;
          e.address = static_cast<std::uint64_t>(page) * kPageBytes;
          e.bytes = kPageBytes;
          e.destination = gpu;
          trace.event(e);
          throttled = true;
        } else if (v.action == ThrashAction::Pin || v.action == ThrashAction::Remote) {
          if (v.action == ThrashAction::Pin) {
            pages.flags[page] = static_cast<std::uint8_t>(pages.flags[page] | kPinned);
            pins_.emplace(t + params.thrashingPinMs * 1000.0, page);
          }
          remoteThrash.set(idx);
          continue;
        }
      }
      faulted.set(idx);
      if (write) written.set(idx);
    }
    if (throttled) t += params.thrashingNapUs;  // the faulting GPU naps before it is served
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

    BlockPageMask residentHere;
    bool thrashingPages = false;
    for (int k = 0; k < n; ++k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      if (pages.resident[pg] & gpuBit) residentHere.set(k);
      if (faulted.test(k) && thrashing.thrashing(pg)) thrashingPages = true;
    }
    // Write faults on duplicates are already resident: collapse them without a transfer.
    BlockPageMask collapse;
    for (int k = 0; k < n; ++k)
      if (faulted.test(k) && residentHere.test(k)) collapse.set(k);
    for (int k = 0; k < n; ++k) {
      if (!collapse.test(k)) continue;
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      pages.resident[pg] = gpuBit;
      pages.mapped[pg] = static_cast<std::uint8_t>(accessedByBits(pages.flags[pg]) & ~gpuBit);
      trace.residencyFromTable(t, pages, pg, 1);
    }
    const BlockPageMask toFetch = faulted.minus(collapse);
    if (toFetch.empty()) continue;
    BlockPageMask move = densityPrefetch(residentHere, toFetch, n, params.prefetchThresholdPct, !thrashingPages);
    // The prefetch leaves pages that are mapped remotely by policy or pinned where they are.
    for (int k = 0; k < n; ++k) {
      if (!move.test(k) || toFetch.test(k)) continue;
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      const std::uint8_t pref = preferredBit(pages.flags[pg]);
      if (pages.has(pg, kPinned) || (pref != 0 && pref != gpuBit && (pages.resident[pg] & pref)) ||
          (pages.mapped[pg] & gpuBit))
        move.words[static_cast<std::size_t>(k >> 6)] &= ~(1ull << (k & 63));
    }
    const BlockPageMask prefetched = move.minus(toFetch);
    // ReadMostly pages read by the GPU are duplicated; written ones migrate (collapsing copies).
    BlockPageMask dup, mig;
    for (int k = 0; k < n; ++k) {
      if (!move.test(k)) continue;
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      if (pages.has(pg, kReadMostly) && !written.test(k)) dup.set(k); else mig.set(k);
    }
    t += migrate(block, mig, prefetched, gpu, UmCause::Coherence, false, t);
    t += migrate(block, dup, prefetched, gpu, UmCause::Coherence, true, t);
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
      UmEvent e;
      e.kind = UmEventKind::CpuPageFault;
      e.startUs = e.endUs = t;
      e.address = static_cast<std::uint64_t>(page) * kPageBytes;
      e.destination = Processor::Cpu;
      e.access = write ? FaultAccess::Write : FaultAccess::Read;
      trace.event(e);
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
        UmEvent e;
        e.kind = UmEventKind::CpuPageFault;
        e.startUs = e.endUs = t;
        e.address = static_cast<std::uint64_t>(page) * kPageBytes;
        e.destination = Processor::Cpu;
        e.access = FaultAccess::Write;
        trace.event(e);
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
    UmEvent fault;
    fault.kind = UmEventKind::CpuPageFault;
    fault.startUs = fault.endUs = t;
    fault.address = static_cast<std::uint64_t>(page) * kPageBytes;
    fault.destination = Processor::Cpu;
    fault.access = write ? FaultAccess::Write : FaultAccess::Read;
    trace.event(fault);
    bool pin = false;
    bool thrashingPage = false;
    if (!(pages.has(page, kReadMostly) && !write)) {
      const ThrashVerdict v = thrashing.onFault(page, Processor::Cpu, t);
      thrashingPage = thrashing.thrashing(page);
      if (v.newlyThrashing) {
        UmEvent e;
        e.kind = UmEventKind::Thrashing;
        e.startUs = e.endUs = t;
        e.address = static_cast<std::uint64_t>(page) * kPageBytes;
        e.bytes = kPageBytes;
        e.destination = Processor::Cpu;
        trace.event(e);
      }
      if (v.action == ThrashAction::Throttle) {
        UmEvent e;
        e.kind = UmEventKind::Throttling;
        e.startUs = t;
        e.endUs = t + params.thrashingNapUs;
        e.address = static_cast<std::uint64_t>(page) * kPageBytes;
        e.bytes = kPageBytes;
        e.destination = Processor::Cpu;
        trace.event(e);
        t += params.thrashingNapUs;
      } else if (v.action == ThrashAction::Pin) {
        pin = true;
      }
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
      pages.flags[page] = static_cast<std::uint8_t>(pages.flags[page] | kPinned);
      pins_.emplace(t + params.thrashingPinMs * 1000.0, page);
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

double UvmEngine::prefetch(std::uint32_t first, std::uint32_t count, Processor dest, double nowUs) {
  double t = nowUs;
  const std::uint32_t end = std::min(pages.pageCount(), first + count);
  const std::uint8_t bit = processorBit(dest);
  for (std::uint32_t block = first / kPagesPerChunk; block * kPagesPerChunk < end; ++block) {
    const std::uint32_t base = block * kPagesPerChunk;
    const int n = static_cast<int>(pages.pagesInBlock(block));
    BlockPageMask mig, dup;
    for (int k = 0; k < n; ++k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      if (pg < first || pg >= end || (pages.resident[pg] & bit)) continue;
      // cudaMemPrefetchAsync of ReadMostly data creates a copy instead of moving it.
      if (pages.has(pg, kReadMostly) && pages.resident[pg] != 0) dup.set(k); else mig.set(k);
    }
    t += migrate(block, mig, BlockPageMask{}, dest, UmCause::User, false, t);
    t += migrate(block, dup, BlockPageMask{}, dest, UmCause::User, true, t);
  }
  return t - nowUs;
}

UmCounters UvmEngine::counters() const {
  UmCounters c = countersFromEvents(trace.events);
  c.evictedBytes = evictedBytes;
  return c;
}

UmTrace UvmEngine::takeTrace(double durationUs, PageState initialState, const std::string& profileFile) {
  UmTrace out;
  out.allocationBytes = static_cast<std::uint64_t>(pages.pageCount()) * kPageBytes;
  out.initialState = initialState;
  out.events = trace.events;
  std::stable_sort(out.events.begin(), out.events.end(),
                   [](const UmEvent& a, const UmEvent& b) { return a.startUs < b.startUs; });
  out.residency = trace.changes;
  std::stable_sort(out.residency.begin(), out.residency.end(),
                   [](const ResidencyChange& a, const ResidencyChange& b) { return a.timeUs < b.timeUs; });
  out.durationUs = durationUs;
  out.captured = true;
  out.source = "UVM model (profile " + profileFile + ")";
  return out;
}

}  // namespace warpscope::labs::um
