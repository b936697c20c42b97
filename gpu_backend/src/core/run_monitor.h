#pragma once
/// \file run_monitor.h
/// Progress and cancellation for one run, the same for the simulator and the CUDA backend:
/// a lab calls step() between configurations (between launches on a GPU).

#include <cstddef>
#include <string>

#include "warpscope/backend.h"

namespace warpscope::labs {

/// Thrown by RunMonitor when the CancelToken is set; becomes RunError{Cancelled} at the backend
/// boundary (run_guard.h). The one kind of "cancelled" in the backend.
struct Cancelled {
  std::string message;
};

class RunMonitor {
 public:
  RunMonitor(const ProgressFn& progress, const CancelToken& cancel) : progress_(progress), cancel_(cancel) {}

  /// Before configuration `index` of `total`: throws Cancelled if cancel was requested, then
  /// reports progress when the percentage moved (a model step takes microseconds: a call per
  /// configuration would flood the GUI's queue).
  void step(std::size_t index, std::size_t total, const std::string& what);
  /// Throws Cancelled if cancel was requested (between launches inside one configuration).
  void throwIfCancelled() const;
  [[nodiscard]] bool cancelled() const { return cancel_.cancelled(); }
  [[nodiscard]] const CancelToken& token() const { return cancel_; }
  /// Reports 1.0, "done".
  void done();

 private:
  const ProgressFn& progress_;
  const CancelToken& cancel_;
  int lastPercent_ = -1;
};

}  // namespace warpscope::labs
