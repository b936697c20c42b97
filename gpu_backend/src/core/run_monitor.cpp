#include "core/run_monitor.h"

namespace warpscope::labs {

void RunMonitor::throwIfCancelled() const {
  if (cancel_.cancelled()) throw Cancelled{"cancelled"};
}

void RunMonitor::step(std::size_t index, std::size_t total, const std::string& what) {
  if (cancel_.cancelled())
    throw Cancelled{"cancelled after " + std::to_string(index) + " of " + std::to_string(total) + " configurations"};
  if (!progress_ || total == 0) return;
  const double fraction = static_cast<double>(index) / static_cast<double>(total);
  const auto percent = static_cast<int>(100.0 * fraction);
  if (percent == lastPercent_) return;
  lastPercent_ = percent;
  progress_(fraction, what);
}

void RunMonitor::done() {
  if (progress_) progress_(1.0, "done");
}

}  // namespace warpscope::labs
