#pragma once
/// \file launch_watch.h
/// Waits for a launch no longer than its budget: the user's own kernel may never end (a loop
/// that never exits), and every synchronising call would then wait forever.

#include <cuda_runtime_api.h>

#include <string>

namespace warpscope::cuda {

/// Waits until everything enqueued on `stream` so far has finished, polling an event, for at most
/// budgetMs. Throws KernelOverBudget (run_errors.h) naming `what` and the budget when it has not,
/// and CudaError for a fault. Returns the milliseconds waited.
double waitWithinBudget(cudaStream_t stream, double budgetMs, const std::string& what);

}  // namespace warpscope::cuda
