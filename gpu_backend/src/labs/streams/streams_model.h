#pragma once
/// \file streams_model.h
/// The simulator's side of the streams lab: each operation's duration on its own from the
/// device profile, then the overlap model (streams_schedule.h) for the whole issue list.
/// (Every cost is linear in the chunk's bytes: StreamOpCosts.)
///   copy in / out (pinned):   chunk bytes / host_link.link_gbs + streams.copy_call_us
///   copy in (pageable):       chunk bytes / host_link.pageable_gbs + streams.copy_call_us
///   copy out (pageable):      chunk bytes / streams.pageable_dtoh_gbs + streams.copy_call_us
///   kernel: the larger of its FMAs at streams.kernel_fp32_fraction of the FP32 rate its
///           occupancy reaches (fma_pipeline) on the SMs it runs on, and its bytes (read and
///           written once) at the DRAM ceiling, plus streams.kernel_fixed_us
///   marker kernel: streams.kernel_launch_us
/// The copy engines (streams.copy_engines, the GPU's asyncEngineCount) and the host's time per
/// asynchronous call when nothing gates the queue (streams.issue_us, pageable runs) complete the
/// machine. Every parameter's source is in the profiles; docs/labs/streams.md works examples.

#include "core/run_monitor.h"
#include "labs/streams/streams_schedule.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The profile's numbers the model reads (BadInputError naming a missing or out-of-range one).
struct StreamsProfile {
  double linkGBs = 0;          ///< host_link.link_gbs: pinned copies, each way.
  double pageableHtodGBs = 0;  ///< host_link.pageable_gbs.
  double pageableDtohGBs = 0;  ///< streams.pageable_dtoh_gbs.
  double copyCallUs = 0;       ///< streams.copy_call_us: a copy's fixed cost on the engine.
  double kernelLaunchUs = 0;   ///< streams.kernel_launch_us: a tiny kernel's time (the marker).
  double kernelFixedUs = 0;    ///< streams.kernel_fixed_us: a chunk kernel's fixed part.
  double kernelFp32Fraction = 1;  ///< streams.kernel_fp32_fraction: of the occupancy's FP32 rate.
  double issueUs = 0;          ///< streams.issue_us: the host's time per asynchronous call.
  int copyEngines = 2;         ///< streams.copy_engines (asyncEngineCount).
};
StreamsProfile streamsProfile(const sim::DeviceProfile& profile);

/// Threads per block of the chunk kernels, and the blocks of a small kernel (an eighth of the SMs,
/// one block each: StreamsWorkload::SmallKernels).
inline constexpr int kStreamsKernelBlock = 1024;
int smallKernelBlocks(const DeviceInfo& device);

/// Bytes in one chunk of the configuration's buffer, whole 4 KiB pages (the buffer's last few
/// pages go unused when it does not divide evenly).
std::size_t streamsChunkBytes(const StreamsConfig& config);

/// Each kind of operation's cost on its own, on the model (the host memory and the work of
/// `config`; any chunk size).
StreamOpCosts modelStreamOpCosts(const sim::DeviceProfile& profile, const StreamsConfig& config);

/// The machine: copy engines and hardware queues as configured; the host's issue time when the
/// work is not queued behind a gate (pageable host memory: the gate would wait on the host).
StreamsMachine streamsMachine(int copyEngines, const StreamsConfig& config, double issueUs);

RunResult simulateStreams(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
