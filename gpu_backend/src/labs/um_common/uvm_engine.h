#pragma once
/// \file uvm_engine.h
/// The UVM driver model over one managed allocation: the fault handler for a fetched batch of GPU
/// faults (dedup, per-VA-block service with density prefetch, advice, anti-thrashing), CPU faults,
/// cudaMemPrefetchAsync, migrations over the host/peer link, and eviction of 2 MiB root chunks in
/// LRU order when a GPU's memory is full. Every operation takes the time it starts at and returns
/// how long it took; the trace records what happened. The kernels that raise the faults live in
/// uvm_stream_kernel.h.

#include <cstdint>
#include <functional>
#include <queue>
#include <span>
#include <string>
#include <vector>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_trace.h"
#include "labs/um_common/uvm_gpu_memory.h"
#include "labs/um_common/uvm_host_link.h"
#include "labs/um_common/uvm_page_table.h"
#include "labs/um_common/uvm_prefetch.h"
#include "labs/um_common/uvm_thrashing.h"

namespace warpscope::labs::um {

/// One entry of a GPU's fault buffer: the page a stalled warp touched and how.
struct FaultEntry {
  std::uint32_t page = 0;
  FaultAccess access = FaultAccess::Read;
};

class UvmEngine {
 public:
  /// An allocation of allocationBytes used by the CPU and gpuCount GPUs (1 or 2), each with
  /// params.deviceMemoryBytes of memory for UVM (gpuMemoryBytesOverride > 0 replaces it: the
  /// scaled oversubscription model).
  UvmEngine(const UvmParams& params, std::uint64_t allocationBytes, int gpuCount = 1, double gpuMemoryBytesOverride = 0);

  /// Services one fetched batch of faults of `gpu` (entries in fault-buffer order, at most
  /// fault_batch_count of them) starting at nowUs; returns the batch's duration in microseconds.
  double serviceGpuFaults(Processor gpu, std::span<const FaultEntry> entries, double nowUs);
  /// The CPU reading or writing pages [first, first+count) in order at nowUs; returns the duration.
  /// bytesPerPage: the bytes it touches in each page (less than 4 KiB for false sharing).
  double cpuAccess(std::uint32_t first, std::uint32_t count, bool write, double nowUs, double bytesPerPage = kPageBytes);
  /// cudaMemPrefetchAsync of pages [first, first+count) to `dest`: the call's fixed cost
  /// (prefetch_call_us), then one transfer per 2 MiB VA block. When a GPU's memory is full and
  /// prefetch_overlaps_eviction is set (CUDA 9.1+), the eviction that makes room for the next
  /// block runs on the link's other direction while the current block copies in.
  double prefetch(std::uint32_t first, std::uint32_t count, Processor dest, double nowUs);
  /// Before Pascal (no GPU page faults): at kernel launch every page only the CPU holds (the
  /// pages it dirtied) moves to `gpu`, one copy per 2 MiB block, after launch_migration_fixed_us;
  /// returns the duration (uvm_launch_migration.cpp).
  double migrateDirtyAtLaunch(Processor gpu, double nowUs);
  /// Migrates the pages of [first, first+count) that `dest` lacks there with `cause` (e.g. an
  /// access-counter notification's region), one block at a time; returns the duration.
  double migrateRange(std::uint32_t first, std::uint32_t count, Processor dest, UmCause cause, double nowUs);
  /// The CPU's first touch (memset) of unpopulated pages: populated in host memory.
  double cpuFirstTouch(std::uint32_t first, std::uint32_t count, double nowUs);
  /// Places pages on `p` before the traced span (the scenario's starting state), no cost.
  void placeInitially(std::uint32_t first, std::uint32_t count, Processor p);
  /// Unpins pages whose thrashing pin expired by nowUs: their remote mappings go, so the next
  /// access faults and migrates again (uvm_perf_thrashing.c: thrashing_unpin_pages).
  void expirePins(double nowUs);

  /// The trace of everything so far, ending at durationUs.
  [[nodiscard]] UmTrace takeTrace(double durationUs, PageState initialState, const std::string& profileName);
  /// Counters of the events so far (evictedBytes includes dropped read-only copies).
  [[nodiscard]] UmCounters counters() const;

  const UvmParams& params;
  PageTable pages;
  TraceRecorder trace;
  ThrashingDetector thrashing;
  HostLink link;
  std::vector<GpuChunkLru> gpuMemory;  ///< One per GPU.
  std::uint64_t evictedBytes = 0;
  std::uint64_t droppedBytes = 0;      ///< Read-only copies evicted for free (no transfer).
  std::uint64_t blockMigrations = 0;   ///< Per-block migrations that moved bytes (each paid the fixed cost once).

  /// Index of a GPU processor into gpuMemory.
  static std::size_t gpuIndex(Processor p) { return static_cast<std::size_t>(p) - 1; }

 private:
  /// Records an event about one 4 KiB page: a CPU fault (bytes 0, how it accessed the page), or
  /// thrashing or throttling of `who` (bytes: the page).
  void recordPageEvent(UmEventKind kind, std::uint32_t page, double startUs, double endUs, Processor who,
                       std::uint64_t bytes, FaultAccess access = FaultAccess::Unknown);
  /// Migrates (or, duplicate: copies) the pages of `mask` in VA block `block` to `dest`, one transfer
  /// per contiguous run of pages with the same source and cause. prefetched: pages the density
  /// prefetch added (cause Prefetch; the rest get `cause`). Returns the time it took.
  double migrate(std::uint32_t block, const BlockPageMask& mask, const BlockPageMask& prefetched, Processor dest,
                 UmCause cause, bool duplicate, double nowUs);
  /// Makes room for VA block `block` on `gpu` (evicting LRU chunks) and allocates its chunk.
  double ensureChunk(Processor gpu, std::uint32_t block, double nowUs);
  /// Evicts `block`'s chunk from `gpu`: dirty pages go to the CPU (DtoH, cause Eviction), pages
  /// with a copy elsewhere are dropped.
  double evict(Processor gpu, std::uint32_t block, double nowUs);
  /// Maps the pages of `mask` in `block` remotely into `processor` (RemoteMap event).
  void mapRemote(std::uint32_t block, const BlockPageMask& mask, Processor processor, UmCause cause, double nowUs);
  /// Pins `page` on `residency` for thrashing_pin_ms (the page map shows it Pinned until
  /// expirePins lets it go).
  void pinPage(std::uint32_t page, Processor residency, double nowUs);
  /// Releases `gpu`'s chunk of `block` when no page of the block is resident there any more.
  void releaseIfEmpty(Processor gpu, std::uint32_t block);
  int gpuCount_;
  /// (deadline, page) of pinned pages, earliest first (agents' clocks interleave, so pins do not
  /// arrive in deadline order).
  std::priority_queue<std::pair<double, std::uint32_t>, std::vector<std::pair<double, std::uint32_t>>,
                      std::greater<>> pins_;
};

}  // namespace warpscope::labs::um
