#pragma once
// Lab "streams": the CUDA measurement (CUDA builds only).
#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs {

/// Times every configuration of the plan queued behind a gate (pinned memory; pageable copies
/// block the host, so those runs start as they are issued), checks every element each run
/// produced, times each kind of operation on its own for the model, and records the focus's
/// timeline with CUPTI in a run of its own. Another number of hardware queues than this process's
/// runs in a child process (streams_child.h).
RunResult measureStreams(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
