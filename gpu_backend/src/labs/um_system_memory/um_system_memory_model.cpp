#include "labs/um_system_memory/um_system_memory_model.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"
#include "labs/um_system_memory/um_system_memory_layout.h"
#include "labs/um_system_memory/um_system_memory_names.h"

namespace warpscope::labs {

namespace {

using um::Processor;

/// A model run that keeps handing the pages over this many times is broken, not slow.
constexpr int kMaxHandovers = 1000000;

/// Throws BadInputError naming the first bad field of a scenario.
void checkScenario(const SystemScenario& s) {
  const std::string lab = "um-system-memory: ";
  if (s.counters < 1 || s.counters > kMaxCounters)
    throw BadInputError(lab + "counters must be 1.." + std::to_string(kMaxCounters) + " (got " +
                        std::to_string(s.counters) + ")");
  if (s.cpuThreads < 0 || s.cpuThreads > 64)
    throw BadInputError(lab + "cpuThreads must be 0..64 (got " + std::to_string(s.cpuThreads) + ")");
  if (cpuTakesPart(s.kind) && s.cpuThreads < 1)
    throw BadInputError(lab + "a scenario with CPU atomics needs at least one CPU thread");
  if (s.gpuOps == 0 || s.gpuOps > (1ull << 32)) throw BadInputError(lab + "gpuOps must be 1..2^32");
  if (s.cpuOpsPerThread == 0 || s.cpuOpsPerThread > (1ull << 30))
    throw BadInputError(lab + "cpuOpsPerThread must be 1..2^30");
  um::checkManagedBytes("um-system-memory: bufferBytes", s.bufferBytes);
}

/// The counters' 4 KiB pages, in order, once each.
std::vector<std::uint32_t> counterPages(const SystemScenario& s) {
  std::vector<std::uint32_t> pages;
  for (int c = 0; c < s.counters; ++c) {
    const auto page = static_cast<std::uint32_t>(static_cast<std::uint64_t>(c) * counterStrideWords(s.separatePages) *
                                                 kCounterBytes / um::kPageBytes);
    if (pages.empty() || pages.back() != page) pages.push_back(page);
  }
  return pages;
}

/// Whether every page is resident on `side` alone (an atomic needs the only copy there, or a
/// mapping with native atomics, which these hosts do not give the GPU: see the header).
bool holds(const um::UvmEngine& engine, const std::vector<std::uint32_t>& pages, Processor side) {
  const std::uint8_t bit = um::processorBit(side);
  return std::all_of(pages.begin(), pages.end(), [&](std::uint32_t p) { return engine.pages.resident[p] == bit; });
}

/// One side of the contended run: its operations left, its rate and when it finished.
struct Agent {
  Processor side;
  double left = 0;
  double rate = 0;  ///< Operations per microsecond.
  double endUs = 0;
  /// Works for up to `us` from `fromUs`; returns the operations done.
  double work(double fromUs, double us) {
    if (left <= 0 || us <= 0) return 0;
    const double done = std::min(left, rate * us);
    left -= done;
    if (left <= 0.5) {
      left = 0;
      endUs = fromUs + done / rate;
    }
    return done;
  }
};

/// The faulting side's service at nowUs: returns its duration and the part of it spent copying.
double serveFault(um::UvmEngine& engine, const SystemHostParams& host, const std::vector<std::uint32_t>& pages,
                  Processor requester, double nowUs, double& copyUs) {
  std::vector<std::uint32_t> missing;
  for (const std::uint32_t p : pages)
    if (engine.pages.resident[p] != um::processorBit(requester)) missing.push_back(p);
  const Processor from = requester == Processor::Cpu ? Processor::Gpu0 : Processor::Cpu;
  copyUs = engine.link.transferUs(missing.size() * um::kPageBytes, from, requester);
  double t = nowUs;
  if (requester == Processor::Cpu) {
    for (const std::uint32_t p : missing) t += engine.cpuAccess(p, 1, true, t, static_cast<double>(kCounterBytes));
    return t - nowUs;
  }
  std::vector<um::FaultEntry> batch;
  for (const std::uint32_t p : missing) batch.push_back({p, um::FaultAccess::Atomic});
  t += engine.serviceGpuFaults(Processor::Gpu0, batch, t);
  if (!host.hostNativeAtomics) {
    // Pinned in host memory and mapped remotely: no atomics over PCIe, so the page comes anyway.
    for (const std::uint32_t p : missing)
      if (engine.pages.resident[p] != um::processorBit(Processor::Gpu0))
        t += engine.migrateRange(p, 1, Processor::Gpu0, um::UmCause::Coherence, t);
  }
  return t - nowUs;
}

um::UmScenarioResult simulateAtomics(const sim::DeviceProfile& profile, const SystemScenario& s) {
  using namespace um;
  const UvmParams uvm = readUvmParams(profile);
  const SystemHostParams host = systemHostParams(profile);
  if (host.hostNativeAtomics && s.kind == SysKind::CpuGpuAtomics)
    throw BadInputError(profile.fileName +
                        ": host_link.host_native_atomics is 1, but the model of shared atomics "
                        "covers hosts without atomics over the link only (x86 + PCIe: each side needs the page); "
                        "a coherent link (NVLink-C2C, POWER9) would add remotely at a rate no profile gives yet");
  const std::uint64_t bytes = counterBufferBytes(s.counters, s.separatePages);
  UvmEngine engine(uvm, bytes);
  const std::vector<std::uint32_t> pages = counterPages(s);
  const bool cpuOnly = s.kind == SysKind::CpuAtomicsAlone;
  // Zeroed by the CPU; every scenario but the CPU's alone prefetches them to the GPU first.
  engine.placeInitially(0, engine.pages.pageCount(), cpuOnly ? Processor::Cpu : Processor::Gpu0);

  Agent gpu{Processor::Gpu0, gpuTakesPart(s.kind) ? static_cast<double>(s.gpuOps) : 0.0,
            gpuAtomicRate(host, s.counters) * 1e-6};
  Agent cpu{Processor::Cpu, cpuTakesPart(s.kind) ? static_cast<double>(s.cpuOpsPerThread) * s.cpuThreads : 0.0,
            cpuTakesPart(s.kind) ? cpuAtomicRate(host, s.cpuThreads, s.counters, s.separatePages) * 1e-6 : 0.0};
  // The kernel starts after its launch; the CPU threads start at once.
  const double gpuStart = gpuTakesPart(s.kind) ? host.kernelLaunchUs : 0.0;
  double t = 0;
  int handovers = 0;
  if (gpu.left > 0 && cpu.left > 0) {
    // The CPU threads fault on the GPU's pages at once; the kernel works until they are unmapped.
    for (;;) {
      Agent& holder = holds(engine, pages, Processor::Gpu0) ? gpu : cpu;
      Agent& requester = &holder == &gpu ? cpu : gpu;
      if (holder.left <= 0 || requester.left <= 0) break;
      if (++handovers > kMaxHandovers)
        throw BadInputError("um-system-memory: the model handed the counters' pages over more than " +
                            std::to_string(kMaxHandovers) + " times; fewer operations, please");
      double copyUs = 0;
      const double start = std::max(t, requester.side == Processor::Gpu0 ? gpuStart : 0.0);
      const double service = serveFault(engine, host, pages, requester.side, start, copyUs);
      const double holderFrom = std::max(t, holder.side == Processor::Gpu0 ? gpuStart : 0.0);
      holder.work(holderFrom, start + std::max(0.0, service - copyUs) - holderFrom);
      t = start + service;
    }
  }
  // Whoever has operations left finishes alone on the pages (migrated once if it lacks them).
  for (Agent* a : {&gpu, &cpu}) {
    if (a->left <= 0) continue;
    double start = std::max(t, a->side == Processor::Gpu0 ? gpuStart : 0.0);
    if (!holds(engine, pages, a->side)) {
      double copyUs = 0;
      start += serveFault(engine, host, pages, a->side, start, copyUs);
    }
    a->work(start, a->left / a->rate + 1.0);
    t = std::max(t, a->endUs);
  }
  const double end = std::max(gpu.endUs, cpu.endUs);
  UmScenarioResult result;
  if (gpuTakesPart(s.kind)) result.phases.push_back(modelPhase("gpu", gpu.endUs, s.gpuOps * kCounterBytes));
  if (cpuTakesPart(s.kind))
    result.phases.push_back(modelPhase("cpu", cpu.endUs, s.cpuOpsPerThread * s.cpuThreads * kCounterBytes));
  const std::uint64_t allOps =
      (gpuTakesPart(s.kind) ? s.gpuOps : 0) + (cpuTakesPart(s.kind) ? s.cpuOpsPerThread * s.cpuThreads : 0);
  result.phases.push_back(modelPhase("wall", end, allOps * kCounterBytes));
  result.counters = engine.counters();
  result.trace = engine.takeTrace(end, cpuOnly ? PageState::Cpu : PageState::Gpu0, profile.info.name);
  if (handovers > 0)
    result.notes.push_back(std::to_string(handovers) + " handovers of the counters' " + std::to_string(pages.size()) +
                           (pages.size() == 1 ? " page" : " pages") + " between the CPU and the GPU in the model");
  return result;
}

um::UmScenarioResult simulateSystemMemory(const sim::DeviceProfile& profile, const SystemScenario& s) {
  using namespace um;
  const UvmParams uvm = readUvmParams(profile);
  const SystemHostParams host = systemHostParams(profile);
  const std::uint64_t bytes = touchedBytes(s);
  UmScenarioResult result;
  if (needsPageableAccess(s.kind) && !host.pageableMemoryAccess) {
    result.trace.allocationBytes = bytes;
    result.trace.unavailableReason = pageableAccessMissingNote(0);
    result.notes.push_back(pageableAccessMissingNote(0));
    return result;
  }
  const double launch = host.kernelLaunchUs;
  const std::uint64_t chunk = kSystemTouchWarpBytes;
  // The stream kernel's time counts the bytes it reads; rewriting each word in device memory adds
  // as many again (dramGBs is a copy kernel's reads plus writes).
  const double rewriteUs = static_cast<double>(bytes) / (uvm.dramGBs * 1e3);
  UvmEngine engine(uvm, bytes);
  const std::uint32_t pages = engine.pages.pageCount();
  double firstUs = 0, secondUs = 0;
  if (needsPageableAccess(s.kind) && host.usesHostPageTables) {
    // ATS: the GPU reads and writes host memory in place over the link, both times.
    firstUs = secondUs = launch + engine.link.remoteReadUs(2 * bytes, false);
    engine.placeInitially(0, pages, Processor::Cpu);
    result.notes.push_back(
        "ATS: the GPU uses the CPU's page tables and reaches the memory over the link, no migration");
  } else if (s.kind == SysKind::ExplicitCopy) {
    engine.placeInitially(0, pages, Processor::Gpu0);  // cudaMalloc memory: never faults
    const double copyUs = engine.link.memcpyUs(bytes, true);
    const StreamKernel k = streamKernelFor(profile.info, Processor::Gpu0, 0, bytes, chunk, true);
    firstUs = copyUs + launch + runStreamKernel(engine, k, 0).durationUs + rewriteUs;
    secondUs = launch + runStreamKernel(engine, k, firstUs).durationUs + rewriteUs;
    result.trace = UmTrace{};
  } else {
    // Managed memory, or HMM: first touched by the CPU, then the kernel faults the pages over.
    engine.placeInitially(0, pages, Processor::Cpu);
    const StreamKernel k = streamKernelFor(profile.info, Processor::Gpu0, 0, bytes, chunk, true);
    const StreamKernelRun first = runStreamKernel(engine, k, launch);
    firstUs = launch + first.durationUs + rewriteUs;
    secondUs = launch + runStreamKernel(engine, k, firstUs + launch).durationUs + rewriteUs;
    if (needsPageableAccess(s.kind))
      result.notes.push_back("HMM: the first touch migrates the pages on GPU faults as for managed memory");
  }
  result.phases.push_back(modelPhase("first touch", firstUs, bytes));
  result.phases.push_back(modelPhase("second touch", secondUs, bytes));
  result.counters = engine.counters();
  if (s.kind == SysKind::ExplicitCopy) {
    result.trace.allocationBytes = bytes;
    result.trace.unavailableReason = "no managed or system memory migrates here (explicit cudaMemcpy)";
    result.trace.source = "the UVM model of " + profile.info.name;
  } else {
    result.trace = engine.takeTrace(firstUs + secondUs, PageState::Cpu, profile.info.name);
  }
  return result;
}

}  // namespace

SystemHostParams systemHostParams(const sim::DeviceProfile& profile) {
  SystemHostParams p;
  p.cpuAtomicNs = profile.param("host_link", "cpu_atomic_ns", 0.1, 10000);
  p.cpuLineTransferNs = profile.param("host_link", "cpu_line_transfer_ns", 0.1, 100000);
  p.hostNativeAtomics = profile.param("host_link", "host_native_atomics", 0, 1) >= 0.5;
  p.pageableMemoryAccess = profile.param("host_link", "pageable_memory_access", 0, 1) >= 0.5;
  p.usesHostPageTables = profile.param("host_link", "pageable_uses_host_page_tables", 0, 1) >= 0.5;
  p.kernelLaunchUs = profile.param("block_scheduler", "kernel_launch_us", 0, 1000);
  const double hz = profile.info.smClockMhz * 1e6;
  p.gpuWordUpdatesPerS = profile.param("atomics", "l2_word_updates_per_clock", 0.001, 64) * hz;
  p.gpuSectorUpdatesPerS = profile.param("atomics", "l2_sector_updates_per_clock", 0.1, 4096) * hz;
  return p;
}

double gpuAtomicRate(const SystemHostParams& p, int counters) {
  // Each counter's updates are applied one after another; each is at least one sector update.
  return std::min(counters * p.gpuWordUpdatesPerS, p.gpuSectorUpdatesPerS);
}

double cpuAtomicRate(const SystemHostParams& p, int threads, int counters, bool separatePages) {
  if (threads <= 1) return 1e9 / p.cpuAtomicNs;
  // Several threads on the same counters: a line serves one core at a time.
  const int lines = separatePages ? counters : (counters * static_cast<int>(kCounterBytes) + 63) / 64;
  const double byLines = std::min(threads, lines) * 1e9 / p.cpuLineTransferNs;
  return std::min(threads * 1e9 / p.cpuAtomicNs, byLines);
}

um::UmScenarioResult simulateSystemScenario(const sim::DeviceProfile& profile, const SystemScenario& scenario) {
  checkScenario(scenario);
  um::UmScenarioResult result =
      isAtomicsKind(scenario.kind) ? simulateAtomics(profile, scenario) : simulateSystemMemory(profile, scenario);
  result.name = systemScenarioName(scenario.kind);
  return result;
}

}  // namespace warpscope::labs
