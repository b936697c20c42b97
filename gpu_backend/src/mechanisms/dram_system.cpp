#include "mechanisms/dram_system.h"

#include <algorithm>
#include <limits>

#include "warpscope/params.h"

namespace warpscope::labs {

using sim::DeviceProfile;

DramSystem dramSystem(const DeviceProfile& profile) {
  DramSystem dram;
  dram.latencyNs = profile.param("dram", "dram_latency_ns", 1, 100000);
  dram.loadedLatencyQueueing = profile.param("dram", "loaded_latency_queueing", 0, 100);
  dram.copyKernelFractionOfDram = profile.param("dram", "copy_kernel_fraction_of_dram", 0.01, 1);
  dram.memcpyFractionOfDram = profile.param("dram", "memcpy_fraction_of_dram", 0.01, 1);
  if (dram.copyKernelFractionOfDram < dram.memcpyFractionOfDram * 0.5)
    throw BadInputError(profile.fileName + ": mechanisms.dram.copy_kernel_fraction_of_dram is less than half of "
                        "memcpy_fraction_of_dram: almost certainly a typo");
  return dram;
}

double copyKernelCeilingGBs(const DeviceProfile& profile) {
  return dramSystem(profile).copyKernelFractionOfDram * profile.info.dramBandwidthGBs;
}

double memcpyGBs(const DeviceProfile& profile) {
  return dramSystem(profile).memcpyFractionOfDram * profile.info.dramBandwidthGBs;
}

double loadedLatencyNs(const DramSystem& dram, double utilization) {
  const double rho = std::clamp(utilization, 0.0, 1.0);
  if (rho >= 1.0) return std::numeric_limits<double>::infinity();
  return dram.latencyNs * (1.0 + dram.loadedLatencyQueueing * rho / (2.0 * (1.0 - rho)));
}

}  // namespace warpscope::labs
