#pragma once
/// \file atomics_cuda.h
/// atomics measured on a CUDA device: every variant's atomicAdd rate at every address count timed
/// with CUDA events, every launch's words checked first, and the histogram both ways. Compiled
/// only with the toolkit.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

RunResult measureAtomics(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

struct RacePoint;
/// The race on the GPU (atomics_race_cuda.cpp): atomicAdd's sum checked equal to the host's,
/// exactly; then the racy kernel launched kRaceRuns times, each sum checked to hold no more than
/// the true sum and more than nothing. Fills race's measured fields (threads and the model's
/// fields as given).
void measureRace(RacePoint& race, RunMonitor& monitor);
inline constexpr int kRaceRuns = 9;

}  // namespace warpscope::labs
