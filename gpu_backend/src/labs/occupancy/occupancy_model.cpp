#include "labs/occupancy/occupancy_model.h"

#include <algorithm>

#include "mechanisms/fma_pipeline.h"
#include "labs/occupancy/register_cap_kernel.h"

namespace warpscope::labs {

RegisterCapModelParams registerCapModelParams(const sim::DeviceProfile& profile) {
  RegisterCapModelParams p;
  p.otherRegisters = static_cast<int>(profile.param("register_cap_kernel", "other_registers", 0, 64));
  p.localAccessesPerClock = profile.param("local_memory", "warp_accesses_per_clock", 0.125, 8);
  return p;
}

std::vector<RegisterCapPoint> modelRegisterCaps(const sim::DeviceProfile& profile) {
  const DeviceInfo& device = profile.info;
  const FmaPipeline fma = fmaPipeline(profile);
  const RegisterCapModelParams params = registerCapModelParams(profile);
  const int needed = kCapLiveValues + params.otherRegisters;
  // The same grid on every variant: as many threads as the GPU holds at full occupancy.
  const double threads = static_cast<double>(device.smCount) * device.maxThreadsPerSm;
  const double fmas = threads * kCapIterations * kCapLiveValues * kCapFmasPerValue;
  const double clockHz = device.smClockMhz * 1e6;

  std::vector<RegisterCapPoint> points;
  for (int minBlocks : kCapMinBlocks) {
    RegisterCapPoint p;
    p.minBlocks = minBlocks;
    p.registerCap = registerCapFor(device, profile.occupancy, minBlocks);
    p.registersPerThread = std::min(needed, p.registerCap);
    const int spilledValues = needed - p.registersPerThread;
    p.localBytesPerThread = 4 * spilledValues;
    const OccupancyResult occ = calculateOccupancy(device, profile.occupancy, {kCapThreadsPerBlock, p.registersPerThread, 0});
    p.blocksPerSm = occ.blocksPerSm;
    p.occupancyPct = occ.occupancyPct;
    const double fraction = arithFractionOfPeak(device, fma, occ.blocksPerSm * kCapThreadsPerBlock, kCapLiveValues);
    const double fmaSeconds = fmas / (device.theoreticalFp32Gflops() * 0.5e9 * std::max(fraction, 1e-6));
    // One load and one store of each spilled value per iteration, a warp-wide access each.
    const double localAccesses = threads / device.warpSize * spilledValues * 2.0 * kCapIterations;
    const double localSeconds = localAccesses / (device.smCount * params.localAccessesPerClock * clockHz);
    p.msMedian = p.msMin = p.msMax = 1e3 * std::max(fmaSeconds, localSeconds);
    points.push_back(p);
  }
  return points;
}

RunResult simulateOccupancy(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  checkOccupancyInput(profile.info, profile.occupancy, request.params);
  monitor.step(0, 1, "calculator and register-cap model");
  const std::vector<RegisterCapPoint> caps = modelRegisterCaps(profile);
  monitor.done();
  RunResult result = assembleOccupancyResult(profile.info, profile.occupancy, request.params, caps, nullptr);
  result.provenance = Provenance::Simulated;
  result.notes.push_back("Register caps modelled: registers = min(" + std::to_string(kCapLiveValues) + " live values + " +
                         std::to_string(registerCapModelParams(profile).otherRegisters) +
                         " others, the cap); the rest spilled, one local load and store each per iteration; "
                         "time = max(FMA time, local-memory time) (Help > About this lab). On a GPU the "
                         "compiler's own counts are shown and the calculator is checked against CUDA's occupancy API.");
  return result;
}

}  // namespace warpscope::labs
