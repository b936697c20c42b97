#include "labs/um_common/um_model.h"

#include "mechanisms/device_profile.h"
#include "warpscope/params.h"

namespace warpscope::labs::um {

UvmParams readUvmParams(const sim::DeviceProfile& profile) {
  if (profile.mechanisms.find("uvm") == profile.mechanisms.end()) {
    throw BadInputError(profile.fileName +
                        ": no unified-memory parameters (mechanisms.uvm): GPUs before Pascal have no page "
                        "faults, so the UVM model (fault batches, density prefetch, eviction, thrashing) does "
                        "not apply to " + profile.info.name + "; pick a Pascal or newer profile (v100, a100, h100, h200)");
  }
  UvmParams p;
  p.faultBatchCount = static_cast<int>(profile.param("uvm", "fault_batch_count", 1, 4096));
  p.prefetchThresholdPct = profile.param("uvm", "prefetch_threshold_pct", 1, 100);
  p.thrashingThreshold = static_cast<int>(profile.param("uvm", "thrashing_threshold", 1, 7));
  p.thrashingLapseUs = profile.param("uvm", "thrashing_lapse_us", 5, 500000);
  p.thrashingPinThreshold = static_cast<int>(profile.param("uvm", "thrashing_pin_threshold", 1, 255));
  p.thrashingNapUs = profile.param("uvm", "thrashing_nap_us", 1, 1e7);
  p.thrashingPinMs = profile.param("uvm", "thrashing_pin_ms", 0, 1e5);
  p.gpuFaultBatchUs = profile.param("uvm", "gpu_fault_batch_us", 0.1, 10000);
  p.gpuFaultUs = profile.param("uvm", "gpu_fault_us", 0, 1000);
  p.cpuFaultUs = profile.param("uvm", "cpu_fault_us", 0.1, 10000);
  p.gpuFaultBlockUs = profile.param("uvm", "gpu_fault_block_us", 0, 10000);
  p.faultMigrationGBs = profile.param("uvm", "fault_migration_gbs", 0.1, 10000);
  p.hostPagePopulateUs = profile.param("host_link", "host_page_populate_us", 0, 1000);
  p.linkGBs = profile.param("host_link", "link_gbs", 0.1, 10000);
  p.pageableGBs = profile.param("host_link", "pageable_gbs", 0.1, 10000);
  p.transferOverheadUs = profile.param("host_link", "transfer_overhead_us", 0, 10000);
  p.prefetchCallUs = profile.param("host_link", "prefetch_call_us", 0, 100000);
  p.peerGBs = profile.param("host_link", "peer_gbs", 0.1, 10000);
  p.remoteAccessGBs = profile.param("host_link", "remote_access_gbs", 0.1, 10000);
  p.cpuTouchGBs = profile.param("host_link", "cpu_touch_gbs", 0.1, 10000);
  p.faultNotifyUs = profile.param("uvm", "fault_notify_us", 0, 1000);
  p.faultReplayUs = profile.param("uvm", "fault_replay_us", 0, 1000);
  // Both stages are drawn inside a batch's fixed cost, which they must therefore fit in.
  if (p.faultNotifyUs + p.faultReplayUs > p.gpuFaultBatchUs)
    throw BadInputError(profile.fileName + ": mechanisms.uvm.fault_notify_us + fault_replay_us must not exceed "
                        "gpu_fault_batch_us (they are its parts)");
  p.launchMigrationFixedUs = profile.param("uvm", "launch_migration_fixed_us", 0, 100000);
  p.accessCounterThreshold = static_cast<int>(profile.param("uvm", "access_counter_threshold", 1, 65535));
  const double granularityKib = profile.param("uvm", "access_counter_granularity_kib", 64, 2048);
  // The hardware's granularities up to a VA block: 64 KiB or 2 MiB (16 MiB and 16 GiB span blocks).
  if (granularityKib != 64 && granularityKib != 2048)
    throw BadInputError(profile.fileName + ": mechanisms.uvm.access_counter_granularity_kib must be 64 or 2048");
  p.accessCounterRegionBytes = static_cast<std::uint64_t>(granularityKib) * 1024;
  p.accessCounterAccessBytes = profile.param("uvm", "access_counter_access_bytes", 4, 4096);
  p.accessCounterServiceUs = profile.param("uvm", "access_counter_service_us", 0, 100000);
  p.prefetchOverlapsEviction = profile.param("uvm", "prefetch_overlaps_eviction", 0, 1) >= 0.5;
  p.deviceMemoryBytes = static_cast<double>(profile.info.globalMemBytes);
  if (p.deviceMemoryBytes < static_cast<double>(kChunkBytes))
    throw BadInputError(profile.fileName + ": device.global_mem_bytes is smaller than one 2 MiB chunk");
  p.dramGBs = profile.info.dramBandwidthGBs * profile.param("dram", "copy_kernel_fraction_of_dram", 0.01, 1);
  return p;
}

}  // namespace warpscope::labs::um
