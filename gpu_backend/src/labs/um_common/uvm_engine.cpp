#include "labs/um_common/uvm_engine.h"

#include "labs/um_common/uvm_advice_bits.h"

#include <algorithm>
#include <bit>

namespace warpscope::labs::um {

namespace {

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
    thrashing.unpin(page);
    pages.mapped[page] = static_cast<std::uint8_t>(accessedByBits(pages.flags[page]) & ~pages.resident[page]);
    trace.residencyFromTable(nowUs, pages, page, 1);
  }
}

void UvmEngine::recordPageEvent(UmEventKind kind, std::uint32_t page, double startUs, double endUs, Processor who,
                                std::uint64_t bytes, FaultAccess access) {
  UmEvent e;
  e.kind = kind;
  e.startUs = startUs;
  e.endUs = endUs;
  e.address = static_cast<std::uint64_t>(page) * kPageBytes;
  e.bytes = bytes;
  e.destination = who;
  e.access = access;
  trace.event(e);
}

void UvmEngine::pinPage(std::uint32_t page, Processor residency, double nowUs) {
  const bool wasPinned = pages.has(page, kPinned);
  thrashing.pin(page, residency, nowUs);
  pages.flags[page] = static_cast<std::uint8_t>(pages.flags[page] | kPinned);
  if (!wasPinned) pins_.emplace(thrashing.pinnedUntilUs(page), page);
  trace.residencyFromTable(nowUs, pages, page, 1);
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
  for (int i = mask.nextSet(0); i < n;) {
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
      // A GPU fault's copies from host memory run slower than the link (fault_migration_gbs, fitted
      // to the H200, where every on-demand pattern reads at about 10 GB/s); prefetches, evictions
      // and CPU faults copy at the link's rate.
      const bool faultFromHost = cause == UmCause::Coherence && src == Processor::Cpu && dest != Processor::Cpu;
      double dur = faultFromHost ? static_cast<double>(bytes) / (params.faultMigrationGBs * 1e3)
                                 : link.bytesUs(bytes, src, dest);
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
    }
    if (moves) {
      // The driver's thrashing detection sees every move a fault caused, prefetched pages included;
      // under ReadMostly (read duplication enabled) it tracks nothing (thrashing_event_cb).
      const bool untracked =
          cause == UmCause::User || duplicate || pages.has(base + static_cast<std::uint32_t>(i), kReadMostly);
      const MigrationKind kind = cause == UmCause::Eviction ? MigrationKind::Eviction
                                 : untracked                ? MigrationKind::User
                                                            : MigrationKind::Fault;
      for (const std::uint32_t pg : thrashing.onMigration(base + static_cast<std::uint32_t>(i), len, dest, kind, t))
        recordPageEvent(UmEventKind::Thrashing, pg, t, t, dest, kPageBytes);
    }
    trace.residencyFromTable(t, pages, base + static_cast<std::uint32_t>(i), len);
    i = mask.nextSet(j);
  }
  for (int g = 1; g <= 2; ++g)
    if (sourceGpus[g]) releaseIfEmpty(static_cast<Processor>(g), block);
  if (dest != Processor::Cpu && pages.residentMask(block, dest).allOf(n)) gpuMemory[gpuIndex(dest)].touch(block);
  return t - nowUs;
}

double UvmEngine::prefetch(std::uint32_t first, std::uint32_t count, Processor dest, double nowUs) {
  // The call's fixed cost comes first: the driver walks the range and pre-unmaps the CPU's
  // mappings before the first block's copy (uvm_migrate.c), and waits for the last at the end.
  double t = nowUs + params.prefetchCallUs;
  const std::uint32_t end = std::min(pages.pageCount(), first + count);
  const std::uint8_t bit = processorBit(dest);
  // Two directions of the link when evictions overlap (seed slide 62): outFree is when the
  // device-to-host direction can take the next eviction; t is when the host-to-device one can
  // take the next copy in. Without the overlap migrate() evicts and copies one after the other.
  const bool overlap = params.prefetchOverlapsEviction && dest != Processor::Cpu;
  double outFree = t;
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
    if (overlap && !(mig.empty() && dup.empty())) {
      // The room for this block is made while the previous block still copies in; its copy
      // starts once both the room and the inbound direction are free.
      const double evictStart = outFree;
      outFree = evictStart + ensureChunk(dest, block, evictStart);
      t = std::max(t, outFree);
    }
    t += migrate(block, mig, BlockPageMask{}, dest, UmCause::User, false, t);
    t += migrate(block, dup, BlockPageMask{}, dest, UmCause::User, true, t);
  }
  return std::max(t, outFree) - nowUs;
}

UmCounters UvmEngine::counters() const {
  UmCounters c = countersFromEvents(trace.events);
  c.evictedBytes = evictedBytes;
  return c;
}

UmTrace UvmEngine::takeTrace(double durationUs, PageState initialState, const std::string& profileName) {
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
  out.source = "the UVM model of " + profileName;
  return out;
}

}  // namespace warpscope::labs::um
