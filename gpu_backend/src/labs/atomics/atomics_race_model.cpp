#include "labs/atomics/atomics_model.h"
#include "mechanisms/same_address_queue.h"

namespace warpscope::labs {

RacePoint raceModelPoint(const sim::DeviceProfile& profile, unsigned threads) {
  const SameAddressQueue queue = sameAddressQueue(profile);
  RacyUpdateLaunch launch;
  launch.warps = raceWarps(threads);
  launch.residentWarps = raceResidentWarps(profile.info, threads);
  // The kept lane of warp w is its lowest, thread 32 w.
  launch.warpIncrement = [](unsigned long long warp) { return std::uint64_t{raceInput(static_cast<unsigned>(warp * 32))}; };
  const RacyUpdateOutcome played = playRacyUpdates(queue, launch);
  RacePoint p;
  p.threads = threads;
  p.expected = raceExpectedSum(threads);
  p.atomicSum = static_cast<double>(p.expected);
  p.modelRacySum = p.racySum = p.racyMin = p.racyMax = static_cast<double>(played.finalValue);
  p.modelSurvivingWarps = static_cast<double>(played.survivingWarps);
  return p;
}

}  // namespace warpscope::labs
