#pragma once
// Volkov's conclusions, read off a full-sweep RunResult. Used by `bench` to print whether they
// hold on the device at hand.
#include <map>
#include <string>

#include "warpscope/result.h"

namespace warpscope::cli {

/// Threads per SM each ILP needs for 90% of FP32 peak (ILPs that never reach it are absent).
std::map<int, double> threadsFor90PercentByIlp(const RunResult& arith);

/// True when every higher ILP needs no more threads than a lower one, and ILP 4 needs fewer
/// than ILP 1. The caller prints the map alongside.
bool moreIlpNeedsFewerThreads(const std::map<int, double>& threadsByIlp);

/// The best fraction of cudaMemcpy a bytes-per-thread series reaches at or below maxOccupancy.
/// seriesBytes selects series by their bytes per thread ("128 B/thread ..."); -1 when absent.
double bestFractionAtOrBelowOccupancy(const RunResult& memory, int seriesBytes, double maxOccupancyPct);

}  // namespace warpscope::cli
