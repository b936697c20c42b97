#pragma once
/// \file um_fault_path_model.h
/// The simulator's side of room "um-fault-path": the paging, access-counter and fault-group
/// scenarios on the UVM model (um_common). The fault path's example runs in
/// um_common/uvm_fault_path.h.

#include <cstdint>

#include "labs/um_common/um_trace.h"
#include "labs/um_common/uvm_access_counters.h"
#include "labs/um_fault_path/um_fault_path_scenario.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

/// Phases "launch migration" (AtLaunch only), "kernel" and "total" (ms, bytes = the buffer).
um::UmScenarioResult simulatePagingScenario(const sim::DeviceProfile& profile, const PagingScenario& scenario);

/// The fault-group run on the model: the kernel faults its pages in batch after batch
/// (uvm_stream_kernel: up to fault_batch_count entries, one per stalled SM per replay). Phase
/// "kernel" (bytes = the buffer); the trace holds one GPU page-fault event per batch and the
/// batch's migrations inside its span.
um::UmScenarioResult simulateFaultGroupScenario(const sim::DeviceProfile& profile, const FaultGroupScenario& scenario);

/// An access scenario's result: its phase "kernel", counters and trace, and what was where.
struct AccessOutcome {
  um::UmScenarioResult scenario;
  um::CountedAccessRun run;
  std::uint64_t hotBytesOnGpu = 0;   ///< Of the hot set, resident on the GPU at the end.
  std::uint64_t coldBytesOnGpu = 0;  ///< Of the rest of the buffer.
  std::uint64_t coldBytesRead = 0;   ///< What the kernel read of the cold data.
};
AccessOutcome simulateAccessScenario(const sim::DeviceProfile& profile, const AccessScenario& scenario);

/// The cold data's reads: kColdTouches lines of kColdTouchBytes spread over each 2 MiB region.
inline constexpr int kColdTouches = 8;
inline constexpr std::uint64_t kColdTouchBytes = 512;

}  // namespace warpscope::labs
