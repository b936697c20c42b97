#include "labs/user_kernel/user_kernel_resources.h"

#include "mechanisms/occupancy_calculator.h"

namespace warpscope::labs::user_kernel {

VariantResources variantResources(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                  const CompiledResources& compiled, int threadsPerBlock, long long dynamicSharedBytes) {
  VariantResources r;
  r.registers = compiled.registers;
  r.staticSharedBytes = compiled.staticSharedBytes;
  r.dynamicSharedBytes = dynamicSharedBytes;
  r.localBytesPerThread = compiled.localBytesPerThread;
  r.threadsPerBlock = threadsPerBlock;
  OccupancyRequest request;
  request.threadsPerBlock = threadsPerBlock;
  request.registersPerThread = compiled.registers;
  request.sharedBytesPerBlock = static_cast<int>(compiled.staticSharedBytes + dynamicSharedBytes);
  const OccupancyResult occupancy = calculateOccupancy(device, rules, request);
  r.blocksPerSm = occupancy.blocksPerSm;
  r.occupancyPct = occupancy.occupancyPct;
  r.limiter = occupancy.infeasible.empty() ? limiterName(occupancy.limiter) : occupancy.infeasible;
  return r;
}

}  // namespace warpscope::labs::user_kernel
