#include "labs/atomics/atomics_model.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "mechanisms/same_address_queue.h"

namespace warpscope::labs {

namespace {

constexpr const char* kMechanism = "atomics";
constexpr std::uint32_t kWordsPerSector = 8;  // 32-byte sectors of 4-byte words
constexpr std::uint32_t kBanks = 32;          // of 4 bytes: every profile with this mechanism
constexpr double kWordBytes = 4;

double smoothMinimum(const std::vector<double>& limits, double n) {
  double sum = 0;
  for (double x : limits) sum += std::pow(x, -n);
  return std::pow(sum, -1.0 / n);
}

/// Blocks of kAtomicBlockThreads one SM holds (each with its own shared words).
double blocksPerSm(const DeviceInfo& device) {
  return std::max(1, device.maxThreadsPerSm / static_cast<int>(kAtomicBlockThreads));
}

/// What a variant's updates go to: the words across the GPU (global) or per block (shared), and
/// the bytes they span.
struct Target {
  double words = 1;
  double footprintBytes = kWordBytes;
};

/// Thread updates per SM clock, all SMs together.
double lanesPerClock(const AtomicUnits& u, const DeviceInfo& device, AtomicVariant variant, AtomicValueType type,
                     const AtomicRequestShape& s, const Target& target) {
  const bool aggregated = atomicVariantIsAggregated(variant);
  const double lanesPerUpdate = aggregated ? 32.0 / s.groups : 1.0;
  const double sms = device.smCount;
  std::vector<double> limits;
  if (!atomicVariantIsShared(variant)) {
    const double wordRate = type == AtomicValueType::Float ? u.floatL2WordUpdatesPerClock : u.l2WordUpdatesPerClock;
    const double units = std::max(1.0, std::ceil(target.footprintBytes / u.l2InterleaveBytes));
    limits = {target.words * wordRate * lanesPerUpdate, units * u.l2UnitSectorUpdatesPerClock * 32.0 / s.sectorUpdates,
              u.l2SectorUpdatesPerClock * 32.0 / s.sectorUpdates};
  } else if (type == AtomicValueType::Int) {
    limits = {sms * 32.0 / s.wavefronts * u.sharedWavefrontsPerClock, sms * u.sharedUpdatesPerClockPerSm * lanesPerUpdate};
  } else {
    const double wordsPerSm = blocksPerSm(device) * target.words;
    limits = {sms * wordsPerSm * u.floatSharedWordUpdatesPerClock * lanesPerUpdate,
              sms * u.floatSharedUpdatesPerClockPerSm * lanesPerUpdate};
  }
  if (aggregated) limits.push_back(sms * 32.0 / (u.aggregationCyclesPerWarp + s.groups * u.aggregationCyclesPerGroup));
  return smoothMinimum(limits, u.limitBlendExponent);
}

}  // namespace

AtomicUnits atomicUnits(const sim::DeviceProfile& profile) {
  const auto p = [&](const char* name, double min, double max) { return profile.param(kMechanism, name, min, max); };
  AtomicUnits u;
  u.l2WordUpdatesPerClock = p("l2_word_updates_per_clock", 0.001, 64);
  u.floatL2WordUpdatesPerClock = p("float_l2_word_updates_per_clock", 0.001, 64);
  u.l2UnitSectorUpdatesPerClock = p("l2_unit_sector_updates_per_clock", 0.001, 64);
  u.l2InterleaveBytes = p("l2_interleave_bytes", 32, 1 << 20);
  u.l2SectorUpdatesPerClock = p("l2_sector_updates_per_clock", 0.1, 4096);
  u.sharedWavefrontsPerClock = p("shared_wavefronts_per_clock", 0.01, 4);
  u.sharedUpdatesPerClockPerSm = p("shared_updates_per_clock_per_sm", 0.1, 256);
  u.floatSharedWordUpdatesPerClock = p("float_shared_word_updates_per_clock", 1e-5, 64);
  u.floatSharedUpdatesPerClockPerSm = p("float_shared_updates_per_clock_per_sm", 0.01, 256);
  u.aggregationCyclesPerWarp = p("aggregation_cycles_per_warp", 0, 1e4);
  u.aggregationCyclesPerGroup = p("aggregation_cycles_per_group", 0.01, 1e4);
  u.limitBlendExponent = p("limit_blend_exponent", 1, 64);
  return u;
}

AtomicRequestShape atomicRequestShape(const std::vector<std::vector<std::uint32_t>>& requests, bool aggregated) {
  AtomicRequestShape total;
  for (const std::vector<std::uint32_t>& lanes : requests) {
    std::map<std::uint32_t, int> lanesOnWord;
    for (std::uint32_t w : lanes) ++lanesOnWord[w];
    std::map<std::uint32_t, int> sectorQueue;  // sector -> the most lanes on one of its words
    std::map<std::uint32_t, int> bankQueue;    // bank -> lanes (plain) or words (aggregated) in it
    for (const auto& [word, count] : lanesOnWord) {
      int& sector = sectorQueue[word / kWordsPerSector];
      sector = std::max(sector, aggregated ? 1 : count);
      bankQueue[word % kBanks] += aggregated ? 1 : count;
    }
    double sectorUpdates = 0;
    for (const auto& [sector, queue] : sectorQueue) sectorUpdates += queue;
    int wavefronts = 0;
    for (const auto& [bank, queue] : bankQueue) wavefronts = std::max(wavefronts, queue);
    total.sectorUpdates += sectorUpdates;
    total.wavefronts += wavefronts;
    total.groups += static_cast<double>(lanesOnWord.size());
  }
  const auto n = static_cast<double>(std::max<std::size_t>(1, requests.size()));
  total.sectorUpdates /= n;
  total.wavefronts /= n;
  total.groups /= n;
  return total;
}

std::vector<std::vector<std::uint32_t>> sweepRequests(unsigned addresses) {
  std::vector<std::vector<std::uint32_t>> requests;
  for (std::uint32_t i = 0; i < kAtomicAlignmentIterations; ++i) {
    std::vector<std::uint32_t> lanes;
    for (std::uint32_t lane = 0; lane < 32; ++lane) lanes.push_back(atomicWordOf(lane + i, addresses));
    requests.push_back(lanes);
  }
  return requests;
}

std::vector<std::vector<std::uint32_t>> histogramRequests(bool oneValue) {
  std::vector<std::vector<std::uint32_t>> requests;
  for (std::uint32_t warp = 0; warp < 64; ++warp)
    for (std::uint32_t byte = 0; byte < 4; ++byte) {
      std::vector<std::uint32_t> lanes;
      for (std::uint32_t lane = 0; lane < 32; ++lane)
        lanes.push_back(oneValue ? std::uint32_t{kHistogramOneValue} : histogramInputByte(4 * (32 * warp + lane) + byte));
      requests.push_back(lanes);
    }
  return requests;
}

double atomicQueuePerRequest(AtomicVariant variant, unsigned addresses) {
  const unsigned a = atomicAddressesFor(variant, addresses);
  const AtomicRequestShape shape = atomicRequestShape(sweepRequests(a), atomicVariantIsAggregated(variant));
  return atomicVariantIsShared(variant) ? shape.wavefronts : shape.sectorUpdates;
}

double atomicModelGops(const AtomicUnits& u, const DeviceInfo& device, AtomicVariant variant, AtomicValueType type,
                       unsigned addresses) {
  const unsigned a = atomicAddressesFor(variant, addresses);
  const AtomicRequestShape shape = atomicRequestShape(sweepRequests(a), atomicVariantIsAggregated(variant));
  return lanesPerClock(u, device, variant, type, shape, {double(a), a * kWordBytes}) * device.smClockMhz * 1e-3;
}

double histogramModelGelems(const AtomicUnits& u, const DeviceInfo& device, bool privatised, bool oneValue) {
  const AtomicRequestShape shape = atomicRequestShape(histogramRequests(oneValue), false);
  const Target target = oneValue ? Target{1, kWordBytes} : Target{kHistogramBins, kHistogramBins * kWordBytes};
  return lanesPerClock(u, device, privatised ? AtomicVariant::Shared : AtomicVariant::Global, AtomicValueType::Int, shape,
                       target) *
         device.smClockMhz * 1e-3;
}

AtomicsRun atomicsModelRun(const sim::DeviceProfile& profile, const AtomicsPlan& plan) {
  const AtomicUnits u = atomicUnits(profile);
  AtomicsRun run;
  run.plan = plan;
  for (int v = 0; v < kAtomicVariantCount; ++v) {
    const auto variant = static_cast<AtomicVariant>(v);
    for (unsigned a : plan.addresses) {
      if (a > atomicMaxAddresses(variant)) continue;
      if (plan.focusOnly && a != atomicAddressesFor(variant, plan.focusAddresses)) continue;
      AtomicPoint p;
      p.variant = variant;
      p.addresses = a;
      p.modelGops = p.gops = p.gopsMin = p.gopsMax = atomicModelGops(u, profile.info, variant, plan.type, a);
      p.queueModel = atomicQueuePerRequest(variant, a);
      run.points.push_back(p);
    }
  }
  if (plan.histogram)
    for (bool oneValue : {false, true})
      for (bool privatised : {false, true}) {
        HistogramPoint h;
        h.privatised = privatised;
        h.oneValue = oneValue;
        h.modelGelems = h.gelems = h.gelemsMin = h.gelemsMax = histogramModelGelems(u, profile.info, privatised, oneValue);
        run.histogram.push_back(h);
      }
  if (plan.race) run.race = raceModelPoint(profile, plan.raceThreads);
  return run;
}

RunResult simulateAtomics(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const AtomicsPlan plan = atomicsPlan(request.params, request.scope);
  monitor.step(0, 1, "the atomic units' model");
  const AtomicsRun run = atomicsModelRun(profile, plan);
  monitor.done();
  RunResult result = assembleAtomicsResult(profile.info, request.params, run, request.scope);
  const AtomicUnits u = atomicUnits(profile);
  std::ostringstream why;
  why << "Model: updates of one address are applied one after another. In global memory the L2 applies "
      << u.l2WordUpdatesPerClock << " int (" << u.floatL2WordUpdatesPerClock << " float) updates of one word per clock; "
      << "an atomic unit " << u.l2UnitSectorUpdatesPerClock << " sector updates per clock for each "
      << u.l2InterleaveBytes << " bytes of words, all units " << u.l2SectorUpdatesPerClock
      << " (a warp's lanes on different words of a 32-byte sector share an update, lanes on one word do not). In shared "
      << "memory a warp's lanes in one bank take a wavefront each, " << u.sharedWavefrontsPerClock
      << " wavefront per clock, at most " << u.sharedUpdatesPerClockPerSm << " int updates per clock per SM; float "
      << "adds there are a compare-and-swap loop (" << u.floatSharedWordUpdatesPerClock << " updates of one word per "
      << "clock, " << u.floatSharedUpdatesPerClockPerSm << " per SM). Warp aggregation costs "
      << u.aggregationCyclesPerWarp << " + " << u.aggregationCyclesPerGroup << " x groups issue cycles per SM. Rates "
      << "at the " << profile.info.smClockMhz << " MHz SM clock; the limits meet in a smooth minimum (exponent "
      << u.limitBlendExponent << ").";
  result.notes.push_back(why.str());
  if (plan.race) {
    const SameAddressQueue q = sameAddressQueue(profile);
    std::ostringstream race;
    race << "Model, the race: the L2 slice that holds result[0] serves " << q.requestsPerClock
         << " request to it per clock, loads and stores in the order they arrive; the " << raceResidentWarps(profile.info, plan.raceThreads)
         << " warps that fit on the GPU at once issue their loads together, each store arrives " << q.roundTripCycles
         << " cycles after its load was served, and a finished warp makes room for the next. A store writes what its "
         << "warp loaded plus its lowest lane's x, overwriting every store served since that load: "
         << run.race.modelSurvivingWarps << " of " << raceWarps(plan.raceThreads) << " warps' updates survive. On a GPU "
         << "the order, and so the sum, changes from run to run.";
    result.notes.push_back(race.str());
  }
  return result;
}

}  // namespace warpscope::labs
