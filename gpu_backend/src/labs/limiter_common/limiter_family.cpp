#include "labs/limiter_common/limiter_family.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/param_builders.h"

namespace warpscope::labs {
namespace {

std::vector<double> fmaChoices() { return {std::begin(kLimiterFmaValues), std::end(kLimiterFmaValues)}; }

}  // namespace

ParamSpec limiterFmasParam() {
  return choiceParam("fmas_per_element", "FMAs per element (intensity)", "FMAs", fmaChoices(), 16,
                     "K: dependent FP32 FMAs each element goes through between its load and its store. "
                     "Arithmetic intensity = 2K flops / 8 bytes (a 4-byte load and a 4-byte store).",
                     ParamRole::Focus);
}

ParamSpec limiterOccupancyParam() {
  ParamSpec p = choiceParam("occupancy_pct", "Occupancy (of the most blocks that fit)", "%",
                            {12.5, 25, 50, 75, 100}, 100,
                            "Resident blocks of 256 threads per SM as a share of the most the kernels' "
                            "registers and the SM allow (8 on Hopper at 32 registers), the same for all "
                            "three kernels: forced with padding dynamic shared memory and confirmed with the "
                            "occupancy API. Less occupancy keeps fewer bytes and FMAs in flight (latency bound).");
  p.integer = false;
  return p;
}

int limiterBlocksForOccupancy(double occupancyPct, int maxBlocksPerSm) {
  return std::max(1, static_cast<int>(std::lround(occupancyPct / 100.0 * maxBlocksPerSm)));
}

LimiterPlan limiterPlan(const ParamSet& params, RunScope scope, int maxBlocksPerSm) {
  if (maxBlocksPerSm < 1)
    throw BadInputError("not one block of " + std::to_string(kLimiterThreadsPerBlock) +
                        " threads of the limiter kernels fits on an SM of this device");
  LimiterPlan plan;
  plan.blocksPerSm = limiterBlocksForOccupancy(params.get("occupancy_pct"), maxBlocksPerSm);
  if (scope == RunScope::FocusOnly) plan.fmasPerElement = {params.getInt("fmas_per_element")};
  else plan.fmasPerElement.assign(std::begin(kLimiterFmaValues), std::end(kLimiterFmaValues));
  return plan;
}

std::size_t limiterElements(const DeviceInfo& device, int blocksPerSm) {
  const std::size_t chunk = static_cast<std::size_t>(blocksPerSm) * static_cast<std::size_t>(device.smCount) *
                            kLimiterThreadsPerBlock * kLimiterElementsPerThread;
  if (chunk == 0) return 0;
  return std::max<std::size_t>(1, kLimiterTargetElements / chunk) * chunk;
}

const VariantTime& LimiterPoint::time(LimiterVariant v) const {
  switch (v) {
    case LimiterVariant::MemoryOnly: return memoryOnly;
    case LimiterVariant::MathOnly: return mathOnly;
    case LimiterVariant::StoreOnly: return storeOnly;
    case LimiterVariant::Full: break;
  }
  return full;
}

double limiterGBs(std::size_t elements, double ms) {
  return ms > 0 ? static_cast<double>(elements) * kLimiterBytesPerElement / (ms * 1e6) : 0;
}

double limiterGflops(std::size_t elements, int fmasPerElement, double ms) {
  return ms > 0 ? static_cast<double>(elements) * limiterFlopsPerElement(fmasPerElement) / (ms * 1e6) : 0;
}

}  // namespace warpscope::labs
