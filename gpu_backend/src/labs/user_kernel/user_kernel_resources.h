#pragma once
// A compiled variant's resources at one launch, and the occupancy they allow by the device's own
// rules (mechanisms/occupancy_calculator.h): the same calculation with or without a GPU.

#include "labs/user_kernel/user_kernel_points.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs::user_kernel {

/// What the compiler gave the kernel (ptxas on any machine, cudaFuncGetAttributes on a GPU).
struct CompiledResources {
  int registers = 0;
  long long staticSharedBytes = 0;
  long long localBytesPerThread = 0;
};

VariantResources variantResources(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                  const CompiledResources& compiled, int threadsPerBlock, long long dynamicSharedBytes);

}  // namespace warpscope::labs::user_kernel
