#include "labs/user_kernel/user_kernel_resources.h"

#include <string>

#include "mechanisms/occupancy_calculator.h"

namespace warpscope::labs::user_kernel {

VariantResources variantResources(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                  const CompiledResources& compiled, int threadsPerBlock,
                                  long long dynamicSharedBytes) {
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
  // At full occupancy no resource holds the SM back: every warp slot is filled.
  r.limiter = !occupancy.infeasible.empty()          ? occupancy.infeasible
              : occupancy.occupancyPct >= 100 - 1e-9 ? std::string("full: every warp slot filled")
                                                     : std::string(limiterName(occupancy.limiter));
  return r;
}

}  // namespace warpscope::labs::user_kernel
