#pragma once
/// \file um_model.h
/// The simulator's unified-memory model shared by the five um-* rooms: an event model of the UVM
/// driver (4 KiB pages in 64 KiB blocks and 2 MiB chunks; fault batches; density prefetch; LRU
/// eviction of root chunks; thrashing detection, throttling, pinning and remote mapping) over a
/// host-link model, with every parameter read from the profile's "uvm" and "host_link"
/// mechanisms (docs/model.md lists each with its source). Each room's *_model.cpp builds its
/// scenarios on it.

#include <cstdint>

#include "labs/um_common/um_trace.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs::um {

/// The driver's tunables (defaults from NVIDIA's open UVM driver) and the host's costs, read
/// once per run from a profile. Throws BadInputError naming the file and field when one is
/// missing or out of range.
struct UvmParams {
  // -- driver (kernel-open/nvidia-uvm module parameters) --
  int faultBatchCount = 256;           ///< uvm_perf_fault_batch_count
  double prefetchThresholdPct = 51;    ///< uvm_perf_prefetch_threshold
  int thrashingThreshold = 3;          ///< uvm_perf_thrashing_threshold
  double thrashingLapseUs = 500;       ///< uvm_perf_thrashing_lapse_usec
  int thrashingPinThreshold = 10;      ///< uvm_perf_thrashing_pin_threshold
  double thrashingNapUs = 500;         ///< uvm_perf_thrashing_nap (1) x lapse: throttle duration
  double thrashingPinMs = 150;         ///< uvm_perf_thrashing_pin (300) x lapse: how long a pin lasts
  // -- hardware and host (measured or from the literature, per profile) --
  double gpuFaultBatchUs = 0;   ///< Fixed cost of servicing one fault batch (fetch, replay).
  double gpuFaultUs = 0;        ///< Added cost per distinct fault in a batch.
  double cpuFaultUs = 0;        ///< Cost of one CPU fault (trap, migrate 4 KiB back, map).
  double faultMigrationGBs = 0; ///< Copy rate of GPU-fault migrations from host memory (the fault
                                ///< path copies page runs without the prefetch's pre-unmap).
  double gpuFaultBlockUs = 0;   ///< Added cost per VA block a fault batch services (lock, prefetch
                                ///< and residency computation, mapping, waiting for its copies).
  double hostPagePopulateUs = 0;///< Per 4 KiB page landing in host memory (CPU-fault migrations and
                                ///< evictions): allocating, zeroing and DMA-mapping the host page.
  double linkGBs = 0;           ///< Host link, DMA copies of large pinned ranges, each way.
  double pageableGBs = 0;       ///< cudaMemcpy from pageable host memory (staged).
  double transferOverheadUs = 0;///< Per-copy setup cost on the link (one migration transfer).
  double prefetchCallUs = 0;    ///< Fixed cost of one cudaMemPrefetchAsync call (range walk, CPU
                                ///< pre-unmap, final wait), on top of its per-block copies.
  double peerGBs = 0;           ///< GPU-to-GPU link each way (NVLink/PCIe peer).
  double remoteAccessGBs = 0;   ///< A GPU reading remote-mapped host memory over the link.
  double deviceMemoryBytes = 0; ///< GPU memory UVM may fill before it evicts.
  double dramGBs = 0;           ///< Device memory bandwidth (reading resident pages).
  double cpuTouchGBs = 0;       ///< One CPU thread writing/reading resident host pages.
  // -- the fault path's stages, paging before Pascal, access counters, prefetch during eviction --
  double faultNotifyUs = 0;     ///< Miss, fault-buffer entry and interrupt (part of gpuFaultBatchUs).
  double faultReplayUs = 0;     ///< The replay ending a batch (part of gpuFaultBatchUs).
  double launchMigrationFixedUs = 0;  ///< Before Pascal: fixed cost of moving dirty pages at launch.
  int accessCounterThreshold = 256;   ///< Remote accesses on a region before a notification.
  std::uint64_t accessCounterRegionBytes = 2u << 20;  ///< Region one counter tracks.
  double accessCounterAccessBytes = 128;  ///< Bytes of remote memory one counted access reads.
  double accessCounterServiceUs = 0;  ///< Driver's service of one notification, before its migration.
  bool prefetchOverlapsEviction = true;  ///< CUDA 9.1+: a prefetch's copies in overlap its evictions out.
};

/// Reads UvmParams from profile.mechanisms "uvm" and "host_link" (and the device's memory).
UvmParams readUvmParams(const sim::DeviceProfile& profile);

}  // namespace warpscope::labs::um
