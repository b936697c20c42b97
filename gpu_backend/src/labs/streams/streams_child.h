#pragma once
/// \file streams_child.h
/// CUDA_DEVICE_MAX_CONNECTIONS (the hardware work queues streams map onto) is read once, when the
/// CUDA context is created: a process cannot change it afterwards. A run asking for another count
/// is measured by a child process started with the variable set: `warpscope-cli run streams` with
/// the same parameters, whose JSON result comes back whole.

#include "core/run_monitor.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The hardware queues this process's CUDA context has: CUDA_DEVICE_MAX_CONNECTIONS, 8 when unset
/// or unreadable (CUDA's default).
int processHardwareQueues();

/// Runs `request` in `warpscope-cli` (the one the window's GPU worker runs:
/// worker::localWorkerCommand) with CUDA_DEVICE_MAX_CONNECTIONS=queues, and returns its result.
/// Cancelling ends the child. Throws BadInputError when warpscope-cli cannot start,
/// std::runtime_error with the child's message when it fails.
RunResult runStreamsInChild(const RunRequest& request, int queues, RunMonitor& monitor);

}  // namespace warpscope::labs
