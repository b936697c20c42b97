#pragma once
/// \file uvm_thrashing.h
/// The driver's anti-thrashing heuristic (kernel-open/nvidia-uvm/uvm_perf_thrashing.c), per page:
/// a fault that takes a page away from the processor that got it less than thrashing_lapse_us ago
/// is a thrashing event; thrashing_threshold consecutive ones mark the page thrashing. From then on
/// each such fault throttles the faulting processor (it naps thrashing_nap_us before it is served),
/// and after thrashing_pin_threshold throttles the page is pinned at one location and the other
/// processors map it remotely, for thrashing_pin_ms, after which the page is tracked afresh.

#include <cstdint>
#include <vector>

#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {

struct UvmParams;

enum class ThrashAction {
  Migrate,   ///< Serve the fault normally.
  Throttle,  ///< The faulting processor naps first (Throttling event), then is served.
  Pin,       ///< Pin the page and map it remotely for the faulting processor (RemoteMap).
  Remote,    ///< The page is already pinned: map remotely, no migration.
};

struct ThrashVerdict {
  ThrashAction action = ThrashAction::Migrate;
  bool newlyThrashing = false;  ///< This fault crossed the threshold (emit a Thrashing event).
};

class ThrashingDetector {
 public:
  ThrashingDetector(const UvmParams& params, std::uint32_t pageCount);
  /// A fault by `processor` on `page` at nowUs, which would take the page from `owner` (the
  /// processor it was last migrated to). Updates the page's history.
  ThrashVerdict onFault(std::uint32_t page, Processor processor, double nowUs);
  /// The page moved to `processor` at nowUs (after a served fault).
  void onMigrated(std::uint32_t page, Processor processor, double nowUs);
  [[nodiscard]] bool pinned(std::uint32_t page, double nowUs) const;
  [[nodiscard]] bool thrashing(std::uint32_t page) const { return state_[page].thrashing != 0; }
  [[nodiscard]] int throttles(std::uint32_t page) const { return state_[page].throttles; }

 private:
  struct PageHistory {
    double lastMigrationUs = -1e300;
    double pinnedUntilUs = -1e300;
    std::uint8_t lastProcessor = 0xff;
    std::uint8_t events = 0;
    std::uint8_t throttles = 0;
    std::uint8_t thrashing = 0;
  };
  int threshold_;
  double lapseUs_;
  int pinThreshold_;
  double pinUs_;
  std::vector<PageHistory> state_;
};

}  // namespace warpscope::labs::um
