#pragma once
/// \file atomics_model.h
/// The simulator's model of atomics (profile mechanism "atomics", each parameter with its source).
/// Updates of one address are applied one after another; the model counts, for a warp's request,
/// the work the hardware queues, from the lanes' words (the rules the GPU's counters witness):
///   global (the L2's atomic units): sector updates = for every 32-byte sector the request
///     touches, the most lanes on one of its words (lanes on different words of a sector share an
///     update; lanes on one word do not): 32 on one address, 4 for 32 consecutive words;
///     aggregated, one per sector. lts__t_sectors_srcunit_tex_op_red per global RED instruction.
///   shared (int): wavefronts = the most lanes in one bank (lanes on one word do not share an
///     atomic, unlike a load); aggregated, the most distinct words in one bank.
///     l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom per shared atomic instruction.
/// The rate (thread updates per SM clock) is the smooth minimum, (sum of x^-n)^(-1/n) with
/// n = limit_blend_exponent, of the limits that apply:
///   global: words x l2_word_updates_per_clock (each word's updates in turn) x lanes per update;
///           units x l2_unit_sector_updates_per_clock x 32 / sector updates (the lines a request
///           goes to, one unit per l2_interleave_bytes of words); l2_sector_updates_per_clock x
///           32 / sector updates (all units);
///   shared int: SMs x 32 / wavefronts x shared_wavefronts_per_clock; SMs x
///           shared_updates_per_clock_per_sm x lanes per update;
///   shared float (a compare-and-swap loop): SMs x words per SM x float_shared_word_updates_per_clock
///           x lanes per update; SMs x float_shared_updates_per_clock_per_sm x lanes per update;
///   warp-aggregated, also: SMs x 32 / (aggregation_cycles_per_warp + groups x
///           aggregation_cycles_per_group) (grouping the lanes by word and adding up each group).
/// A plain update carries one lane; an aggregated one the lanes of its word.

#include <cstdint>
#include <vector>

#include "labs/atomics/atomics_lab.h"
#include "labs/atomics/atomics_race.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The profile's "atomics" mechanism (BadInputError naming a missing or out-of-range field).
struct AtomicUnits {
  double l2WordUpdatesPerClock = 0;       ///< int updates of one word per clock (GPU-wide).
  double floatL2WordUpdatesPerClock = 0;  ///< float updates of one word per clock.
  double l2UnitSectorUpdatesPerClock = 0; ///< Sector updates per clock of one atomic unit.
  double l2InterleaveBytes = 0;           ///< Bytes of consecutive words one unit serves.
  double l2SectorUpdatesPerClock = 0;     ///< Sector updates per clock of all units.
  double sharedWavefrontsPerClock = 0;    ///< Shared atomic wavefronts per clock per SM.
  double sharedUpdatesPerClockPerSm = 0;  ///< int shared atomic updates per clock per SM.
  double floatSharedWordUpdatesPerClock = 0;  ///< float (CAS loop) updates of one word per clock.
  double floatSharedUpdatesPerClockPerSm = 0; ///< float (CAS loop) updates per clock per SM.
  double aggregationCyclesPerWarp = 0;    ///< Issue cycles per SM of one aggregated add, fixed part.
  double aggregationCyclesPerGroup = 0;   ///< ... and per group of lanes sharing a word.
  double limitBlendExponent = 4;
};
AtomicUnits atomicUnits(const sim::DeviceProfile& profile);

/// What one warp request queues, averaged over the requests of a pattern.
struct AtomicRequestShape {
  double sectorUpdates = 0;  ///< L2 sector updates (global).
  double wavefronts = 0;     ///< Shared-memory wavefronts (shared, int).
  double groups = 0;         ///< Distinct words (the aggregated kernel's groups).
};
/// The rule for a set of requests, each 32 lanes' word indices (4-byte words from a 128-byte
/// aligned base), plain or aggregated.
AtomicRequestShape atomicRequestShape(const std::vector<std::vector<std::uint32_t>>& requests, bool aggregated);
/// The sweep's requests at `addresses`: a warp's lanes at iterations 0..7 (word (lane + i) mod N).
std::vector<std::vector<std::uint32_t>> sweepRequests(unsigned addresses);
/// The histogram's first requests: each lane's byte of its 4-byte group, for 64 warps.
std::vector<std::vector<std::uint32_t>> histogramRequests(bool oneValue);

/// The work one warp request of `variant` at `addresses` queues by the rule (sweepRequests): L2
/// sector updates (global) or shared-memory wavefronts (shared).
double atomicQueuePerRequest(AtomicVariant variant, unsigned addresses);

/// Thread updates per second (G/s) the model gives a variant at `addresses`.
double atomicModelGops(const AtomicUnits& units, const DeviceInfo& device, AtomicVariant variant, AtomicValueType type,
                       unsigned addresses);
/// Bytes counted per second (G/s) by the histogram (256 bins; oneValue: every byte the same).
double histogramModelGelems(const AtomicUnits& units, const DeviceInfo& device, bool privatised, bool oneValue);

/// The race on the model (atomics_race_model.cpp): the launch's warps played through the one
/// word's queue at the L2 (mechanisms/same_address_queue.h, profile mechanism "same_address"):
/// each warp's load, then a round trip later its store of what it loaded plus its kept lane's x.
/// The lanes of one warp load the same value and store to the same word in one instruction: one
/// lane's store is kept, the model takes the lowest lane's (the H200 kept lane 0's, 3 of the
/// slide's {3, 5, 2, 1}, in 6 runs of 6). atomicAdd's sum is the true sum: atomics apply every update.
RacePoint raceModelPoint(const sim::DeviceProfile& profile, unsigned threads);

/// Every point of the plan on the model.
AtomicsRun atomicsModelRun(const sim::DeviceProfile& profile, const AtomicsPlan& plan);

RunResult simulateAtomics(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
