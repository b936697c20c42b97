#pragma once
/// \file dram_system.h
/// The DRAM system (profile mechanism "dram"): unloaded latency, queueing under load, and the
/// fractions of the theoretical bandwidth a streaming kernel and cudaMemcpy reach. Pure
/// functions of the profile, shared by latency-memory and the limiter family (docs/model.md).

#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// DRAM (profile mechanism "dram").
struct DramSystem {
  double latencyNs = 0;                ///< Unloaded DRAM load latency, ns.
  double loadedLatencyQueueing = 0;    ///< q in L(rho) = L0 (1 + q rho / (2 (1 - rho))); 0: hard min.
  double copyKernelFractionOfDram = 0; ///< Best streaming copy kernel, read+write, / theoretical.
  double memcpyFractionOfDram = 0;     ///< cudaMemcpy device-to-device, read+write, / theoretical.
};

/// Reads and range-checks the profile's dram mechanism (BadInputError naming the file and field).
DramSystem dramSystem(const sim::DeviceProfile& profile);

/// Read+write bandwidth of the best streaming copy kernel (the model's saturation), GB/s.
double copyKernelCeilingGBs(const sim::DeviceProfile& profile);

/// cudaMemcpy device-to-device bandwidth (read+write), GB/s: the lab's reference ceiling.
double memcpyGBs(const sim::DeviceProfile& profile);

/// Loaded DRAM latency in ns at utilization rho = copy bandwidth / copy ceiling (0 <= rho < 1):
/// L0 x (1 + q rho / (2 (1 - rho))), the M/D/1 mean queueing delay in units of L0.
double loadedLatencyNs(const DramSystem& dram, double utilization);

}  // namespace warpscope::labs
