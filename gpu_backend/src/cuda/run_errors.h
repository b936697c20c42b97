#pragma once
/// \file run_errors.h
/// The non-CUDA reasons a measurement stops, thrown inside the backend and turned into RunError
/// at its boundary (core/run_guard.h, cuda/cuda_run_guard.h).

#include <stdexcept>

#include "core/run_monitor.h"

namespace warpscope::cuda {

/// The CancelToken was set; checked between launches. The backend's one kind of cancelled.
using labs::Cancelled;

/// A kernel's output was wrong (poison left behind, a value that differs from the host's
/// recomputation). Becomes RunError{Device}: a number from a wrong kernel is no measurement.
class CheckFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A kernel still running past its time budget (the user's own kernel: a loop that never ends).
/// Nothing can stop one kernel: the context must go, so the guard reports it as a lost context
/// without a single further CUDA call (any would wait for the kernel), and a worker process
/// ends, taking the kernel with it.
class KernelOverBudget : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace warpscope::cuda
