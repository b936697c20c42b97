#pragma once
/// \file limiter_cuda.h
/// The limiter lab on a CUDA device (CUDA builds only).

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// Times the three variants at every K of the plan (the focus K for FocusOnly) at equal occupancy,
/// checks every output, and assembles them against the memcpy and FMA ceilings of this session.
RunResult measureLimiter(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
