#pragma once
/// \file um_system_memory_model.h
/// The simulator's side of um-system-memory: one SystemScenario on the UVM model
/// (um_common/uvm_engine.h) with the profile's parameters, phases, counters and trace named as the
/// CUDA side names them (um_system_memory_cuda.h), so one assembly serves both.
///
/// Atomics. Each side alone runs at its own rate: the GPU's K counters are K words of the L2's
/// atomic units (atomics.l2_word_updates_per_clock each, at most l2_sector_updates_per_clock in
/// all); the CPU threads' at host_link.cpu_atomic_ns per operation each, or, with several threads,
/// one operation per cache line per host_link.cpu_line_transfer_ns (the line moves between
/// cores). Together, the counters' pages are owned by one side at a time: the side that lacks
/// them faults (the UVM engine serves a GPU fault batch or CPU faults, with the driver's thrashing
/// detection, throttling and pinning), and the side that has them keeps working until the
/// faulting side's handler unmaps them, i.e. for the service less the page copy. A throttled
/// side's nap is the other side's time. On a host without native atomics to host memory
/// (host_link.host_native_atomics = 0: x86 over PCIe) a GPU atomic cannot use a remote mapping
/// of a page pinned in host memory: the page migrates to the GPU anyway (the engine records the
/// remote map, then the migration). Only such hosts are modelled: a profile with
/// host_native_atomics = 1 is refused for the shared run (no profile gives a remote atomic rate). The CPU threads are
/// one agent (they fault on the same pages at once; the driver serves one fault per page).
///
/// System memory. Where host_link.pageable_memory_access is 1 the GPU reaches malloc'd, global
/// and stack memory: through HMM (x86, pageable_uses_host_page_tables = 0) the first touch faults
/// and migrates the pages as for managed memory (the same UVM fault path, uvm_hmm.c), the second
/// reads device memory; through ATS (= 1) it reads them in place over the link both times. Where
/// it is 0 the kernel is not run on them (the result says so). Explicit copy: a pageable
/// cudaMemcpy, then the kernel on device memory. Every kernel adds
/// block_scheduler.kernel_launch_us.

#include "labs/um_common/um_trace.h"
#include "labs/um_system_memory/um_system_memory_scenario.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

/// The host's side of the lab as the profile describes it (host_link), with the attributes the
/// CUDA side reads from the device.
struct SystemHostParams {
  double cpuAtomicNs = 0;             ///< One uncontended lock-prefixed add on the host.
  double cpuLineTransferNs = 0;       ///< A contended cache line moving to another core.
  bool hostNativeAtomics = false;     ///< cudaDevAttrHostNativeAtomicSupported
  bool pageableMemoryAccess = false;  ///< cudaDevAttrPageableMemoryAccess
  bool usesHostPageTables = false;    ///< cudaDevAttrPageableMemoryAccessUsesHostPageTables (ATS)
  double kernelLaunchUs = 0;          ///< block_scheduler.kernel_launch_us
  double gpuWordUpdatesPerS = 0;      ///< One word's atomic updates per second on the GPU.
  double gpuSectorUpdatesPerS = 0;    ///< All atomic units' sector updates per second.
};
/// Reads SystemHostParams (BadInputError naming the file and field when one is missing).
SystemHostParams systemHostParams(const sim::DeviceProfile& profile);

/// Atomic operations per second of the kernel on `counters` GPU-resident counters, and of
/// `threads` CPU threads on host-resident ones.
double gpuAtomicRate(const SystemHostParams& p, int counters);
double cpuAtomicRate(const SystemHostParams& p, int threads, int counters, bool separatePages);

/// Runs one scenario on the model. Deterministic. Throws BadInputError for a bad scenario or a
/// profile missing a parameter.
um::UmScenarioResult simulateSystemScenario(const sim::DeviceProfile& profile, const SystemScenario& scenario);

}  // namespace warpscope::labs
