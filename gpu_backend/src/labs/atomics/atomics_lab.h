#pragma once
// Lab "atomics" (seed 002): atomicAdd throughput against the number of distinct addresses the
// updates go to, in global memory (applied by the L2's atomic units) and in shared memory, int and
// float, with and without warp aggregation; and the seed's histogram with global atomics against
// a shared-memory copy per block. Updates of one address are applied one after another: few
// addresses queue many updates on each.
//
// The room's core, shared by both backends: the declaration, the plan, the records both fill and
// their assembly into views and scalars.

#include <string>
#include <vector>

#include "labs/atomics/atomics_race.h"
#include "labs/atomics/atomics_shape.h"
#include "core/lab_definition.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kAtomicsId = "atomics";

const LabSpec& atomicsSpec();
LabDefinition atomicsLab();

/// "global", "global, warp-aggregated", "shared", "shared, warp-aggregated".
std::string atomicVariantName(AtomicVariant variant);
/// Distinct addresses a variant can use: up to one per thread (shared: of a block).
unsigned atomicMaxAddresses(AtomicVariant variant);
/// The addresses a variant runs when `addresses` are asked for: as many, up to its maximum (a
/// focus past 1024 puts the shared variants at 1024).
unsigned atomicAddressesFor(AtomicVariant variant, unsigned addresses);

/// What one run asks: the address counts of the sweep (or only the focus's), for every variant.
struct AtomicsPlan {
  AtomicValueType type = AtomicValueType::Int;
  std::vector<unsigned> addresses;  ///< Powers of two, increasing.
  unsigned focusAddresses = 1;
  AtomicVariant focusVariant = AtomicVariant::Global;
  bool histogram = true;  ///< The histogram bars (the full sweep only).
  bool focusOnly = false;  ///< A slider step: each variant at the focus only (shared: at most 1024).
  unsigned raceThreads = kRaceDefaultThreads;  ///< The race's launch...
  bool race = true;                            ///< ... run in full sweeps only.
};
AtomicsPlan atomicsPlan(const ParamSet& params, RunScope scope);

/// One variant at one address count, from either backend. Rates are thread updates (atomicAdd
/// calls) per second, in G/s.
struct AtomicPoint {
  AtomicVariant variant = AtomicVariant::Global;
  unsigned addresses = 1;
  double gops = 0, gopsMin = 0, gopsMax = 0;  ///< Median, slowest and fastest launch.
  double modelGops = 0;
  /// The work one warp request queues: L2 sector updates (global) or shared-memory wavefronts
  /// (shared), by the model's rule and by the GPU's counters (-1: not read).
  double queueModel = 0;
  double queueCounted = -1;
};

/// One histogram: 2^24 bytes into 256 bins, global atomics or privatised, uniform or one value.
struct HistogramPoint {
  bool privatised = false;
  bool oneValue = false;
  double gelems = 0, gelemsMin = 0, gelemsMax = 0;  ///< Bytes counted per second, G/s.
  double modelGelems = 0;
};

struct AtomicsRun {
  AtomicsPlan plan;
  std::vector<AtomicPoint> points;
  std::vector<HistogramPoint> histogram;
  RacePoint race;  ///< Filled when plan.race.
  bool measured = false;
};

/// The point of `variant` at `addresses` (shared variants at most one per thread of a block), or
/// nullptr.
const AtomicPoint* findAtomicPoint(const AtomicsRun& run, AtomicVariant variant, unsigned addresses);

RunResult assembleAtomicsResult(const DeviceInfo& device, const ParamSet& params, const AtomicsRun& run, RunScope scope);

/// The grid of one warp's atomicAdd: a column per lane (its cell names the word it adds to), a row
/// per step of updates applied in turn, one per word a step (warp-aggregated: one step, the other
/// lanes added into each word's first lane); frames apply a step at a time.
View atomicsQueueGrid(AtomicVariant variant, unsigned addresses);

/// Whether the counters' work per request matches the rule's. Global sector updates match it
/// exactly (to 0.5%: the counters average whole launches). Shared atomics' wavefronts come out a
/// little above it on the H200 (by 0.05 to 0.08 per request, varying run to run, 0.003-0.015%
/// apart between CUPTI and Nsight Compute on the same launches): a few requests take an extra
/// wavefront while many warps of the SM contend; the rule is the conflict-free minimum, within
/// 0.1 wavefront of what is counted.
bool countedMatchesRule(bool shared, double counted, double rule);

std::vector<BenchCheck> atomicsBenchChecks(const RunResult& sweep, const DeviceInfo& device);

}  // namespace warpscope::labs
