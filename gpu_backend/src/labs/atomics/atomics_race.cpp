#include "labs/atomics/atomics_race.h"

#include <algorithm>
#include <sstream>

#include "core/sweep_format.h"

namespace warpscope::labs {

std::uint64_t raceExpectedSum(unsigned threads) {
  std::uint64_t sum = 0;
  for (unsigned i = 0; i < threads; ++i) sum += raceInput(i);
  return sum;
}

unsigned long long raceWarps(unsigned threads) { return (threads + 31ull) / 32; }

unsigned long long raceResidentWarps(const DeviceInfo& device, unsigned threads) {
  const unsigned block = std::min(threads, kRaceBlockThreads);
  const int blocksPerSm = std::max(1, std::min(device.maxBlocksPerSm, device.maxThreadsPerSm / static_cast<int>(block)));
  const unsigned long long resident = static_cast<unsigned long long>(std::max(1, device.smCount)) *
                                      static_cast<unsigned long long>(blocksPerSm) * ((block + 31) / 32);
  return std::min(resident, raceWarps(threads));
}

void addRaceResults(RunResult& result, const LabSpec& lab, const RacePoint& race, bool measured) {
  View v = declaredView(lab, "race");
  v.title += " (" + std::to_string(race.threads) + " threads)";
  v.bars.categoryLabel = "result[0] after the launch";
  v.bars.valueLabel = "Sum";
  v.bars.categories = {"true sum (host)", "atomicAdd(&result[0], x[tid])",
                       "result[0] += x[tid] (varies run to run)"};
  const auto flat = [](double x) { return BarValue{x, x, x}; };
  const double expected = static_cast<double>(race.expected);
  BarSeries got{measured ? "Measured" : "Model", {flat(expected), flat(race.atomicSum), {race.racySum, race.racyMin, race.racyMax}}};
  v.bars.series = {got};
  if (measured)
    v.bars.series.push_back({"Model", {flat(expected), flat(expected), flat(race.modelRacySum)}});
  result.views.push_back(v);

  result.scalars.push_back({"atomics.race_expected", "Race: the true sum (host)", expected, ""});
  result.scalars.push_back({"atomics.race_atomic_sum", "Race: atomicAdd's sum", race.atomicSum, ""});
  result.scalars.push_back({"atomics.race_racy_sum",
                            measured ? "Race: result[0] += x[tid], median of " + std::to_string(race.runs) + " runs"
                                     : "Race: result[0] += x[tid] (model)",
                            race.racySum, ""});
  result.scalars.push_back({"atomics.race_lost_fraction", "Race: share of the sum lost without atomics",
                            expected > 0 ? 1.0 - race.racySum / expected : 0.0, ""});
  result.scalars.push_back({"atomics.race_racy_sum_model", "Race: model's result[0] += x[tid]", race.modelRacySum, ""});
  result.scalars.push_back({"atomics.race_surviving_warps_model", "Race: warps whose update the model's sum keeps",
                            race.modelSurvivingWarps, "warps"});
  if (measured) {
    result.scalars.push_back({"atomics.race_racy_min", "Race: smallest racy sum", race.racyMin, ""});
    result.scalars.push_back({"atomics.race_racy_max", "Race: largest racy sum", race.racyMax, ""});
    result.scalars.push_back({"atomics.race_racy_distinct", "Race: different racy sums in " + std::to_string(race.runs) + " runs",
                              static_cast<double>(race.distinctRacyValues), ""});
  }
  std::ostringstream what;
  what << "Race: " << race.threads << " threads add x[tid] (the slide's 3, 5, 2, 1, repeated) to result[0]. The true "
       << "sum is " << race.expected << "; atomicAdd gives " << static_cast<std::uint64_t>(race.atomicSum)
       << "; without atomics ";
  if (measured)
    what << "the " << race.runs << " runs gave " << static_cast<std::uint64_t>(race.racyMin) << " to "
         << static_cast<std::uint64_t>(race.racyMax) << " (" << race.distinctRacyValues << " different values): ";
  else
    what << "the model's timing gives " << static_cast<std::uint64_t>(race.racySum) << ": ";
  what << "the racy value varies from run to run, with the order in which the warps' loads and stores reach the word.";
  result.notes.push_back(what.str());
}

}  // namespace warpscope::labs
