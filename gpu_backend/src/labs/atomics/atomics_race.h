#pragma once
/// \file atomics_race.h
/// The atomics lab's race (seed 002, "What's the value of result[0]?"): result[0] += x[tid]
/// without atomics beside atomicAdd and the true sum. The record both backends fill, the host's
/// sum, and the bars view and scalars it makes.

#include <cstdint>

#include "labs/atomics/atomics_shape.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The true sum of x[0, threads): the host's, exact.
std::uint64_t raceExpectedSum(unsigned threads);

/// Warps of the race's launch and how many of them run at once on a device: blocks of
/// min(threads, kRaceBlockThreads), as many per SM as its thread and block limits allow.
unsigned long long raceWarps(unsigned threads);
unsigned long long raceResidentWarps(const DeviceInfo& device, unsigned threads);

/// One race, from either backend.
struct RacePoint {
  unsigned threads = kRaceDefaultThreads;
  std::uint64_t expected = 0;  ///< The host's sum.
  double atomicSum = 0;        ///< atomicAdd's sum (checked equal to expected on a GPU).
  double racySum = 0;          ///< Without atomics: the median of the runs...
  double racyMin = 0;          ///< ... the smallest ...
  double racyMax = 0;          ///< ... and the largest.
  int runs = 1;                ///< Racy launches (the model plays one).
  int distinctRacyValues = 1;  ///< Different racy sums among them.
  double modelRacySum = 0;     ///< The model's racy sum (both backends show it).
  double modelSurvivingWarps = 0;  ///< Warps whose update the model's final value holds.
};

/// Adds the bars view "race" (declared in `lab`), its scalars and a note to `result`.
void addRaceResults(RunResult& result, const LabSpec& lab, const RacePoint& race, bool measured);

}  // namespace warpscope::labs
