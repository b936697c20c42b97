#pragma once
/// \file block_scheduler.h
/// The SM's block scheduler (profile mechanism "block_scheduler"): the per-block time outside a
/// kernel's own work and the rate at which an SM starts blocks (docs/model.md).

#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// The SM's block scheduler (mechanism "block_scheduler").
struct BlockScheduler {
  /// Per-block time outside the load latency (launch, address math, store issue, retire), ns:
  /// the block's bytes are not in flight then. 0: negligible.
  double overheadNs = 0;
  /// Blocks an SM can start per microsecond; caps kernels of tiny blocks. 0: no limit.
  double launchRatePerSmPerUs = 0;
  /// A kernel's fixed time from launch to its end on an idle GPU, as CUDA events around one
  /// launch see it (launch and drain), us.
  double kernelLaunchUs = 0;
};

/// Reads and range-checks the profile's block_scheduler mechanism (BadInputError naming the field).
BlockScheduler blockScheduler(const sim::DeviceProfile& profile);

}  // namespace warpscope::labs
