#pragma once
/// \file uvm_thrashing.h
/// The driver's anti-thrashing heuristic (kernel-open/nvidia-uvm/uvm_perf_thrashing.c), in its two
/// halves:
///
/// - Detection, on every migration a fault caused (thrashing_event_cb). A VA block starts per-page
///   tracking once a migration to one processor follows a migration to another within
///   thrashing_lapse_us. From then on each migrated page counts an event whenever it moves again
///   within the lapse of its previous move, whoever moves it; slower moves do not reset the count
///   until the page has been marked. At thrashing_threshold events the page is thrashing (a
///   Thrashing record); a move slower than the lapse after that forgets the page.
/// - Mitigation, on a fault on a thrashing page (uvm_perf_thrashing_get_hint, PCIe host: no fast
///   links, no preferred location). Each fault outside the current throttling period opens a new
///   period of thrashing_nap_us and names the processor not to throttle in it, alternating
///   between periods. The other processors are throttled (a Throttling record: they nap until the
///   period ends). Once the page has been throttled thrashing_pin_threshold times, the processor
///   not throttled pins it: in its own memory, or on the CPU when a GPU faults on a page pinned
///   there (it maps the page remotely instead). A pin lasts thrashing_pin_ms.
///
/// Not modelled: the epoch resets (uvm_perf_thrashing_epoch, 2 s, longer than the labs' runs) and
/// revocation thrashing (system-wide atomics).

#include <cstdint>
#include <vector>

#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {

struct UvmParams;

/// A throttled processor faults again this long after its nap ends (a new period needs a fault
/// strictly after the current one ends), and is served anyway after this many naps.
inline constexpr double kRetryAfterNapUs = 0.001;
inline constexpr int kThrottleRetries = 8;

enum class ThrashAction {
  Migrate,   ///< Serve the fault normally.
  Throttle,  ///< The faulting processor naps until untilUs (Throttling record), then asks again.
  Pin,       ///< Pin the page on pinResidency (the faulting processor maps it there).
};

struct ThrashVerdict {
  ThrashAction action = ThrashAction::Migrate;
  Processor pinResidency = Processor::Cpu;
  double untilUs = 0;  ///< Throttle: when the throttling period ends.
};

/// Why pages moved, as the detector tells them apart.
enum class MigrationKind {
  Fault,     ///< Serving a CPU or GPU fault, with what the density prefetch added: counted.
  User,      ///< cudaMemPrefetchAsync, or a read-duplicating copy: the pages are forgotten.
  Eviction,  ///< Ignored (the driver cannot take the VA space lock on eviction).
};

class ThrashingDetector {
 public:
  ThrashingDetector(const UvmParams& params, std::uint32_t pageCount);
  /// Pages [first, first + count) of one VA block moved to `dest` at nowUs. Returns the pages
  /// this move made thrashing (each gets a Thrashing record).
  std::vector<std::uint32_t> onMigration(std::uint32_t first, std::uint32_t count, Processor dest, MigrationKind kind,
                                         double nowUs);
  /// A fault by `requester` on `page` at nowUs: what the driver does about thrashing.
  ThrashVerdict onFault(std::uint32_t page, Processor requester, double nowUs);
  /// The page is pinned on `residency` from nowUs for thrashing_pin_ms.
  void pin(std::uint32_t page, Processor residency, double nowUs);
  /// The pin ended: the page is tracked afresh.
  void unpin(std::uint32_t page);

  [[nodiscard]] bool pinned(std::uint32_t page, double nowUs) const {
    return history(page).pinned && nowUs < history(page).pinnedUntilUs;
  }
  [[nodiscard]] double pinnedUntilUs(std::uint32_t page) const { return history(page).pinnedUntilUs; }
  [[nodiscard]] bool thrashing(std::uint32_t page) const { return history(page).events >= threshold_; }
  [[nodiscard]] int throttles(std::uint32_t page) const { return history(page).throttlingCount; }

 private:
  static constexpr std::uint8_t kNone = 0xff;
  struct PageHistory {
    double lastUs = -1;  ///< Last counted move; < 0: never moved.
    double throttleEndUs = 0;
    double pinnedUntilUs = 0;
    std::uint8_t events = 0;
    std::uint8_t processors = 0;  ///< Bit per processor it moved to or that faulted on it while thrashing.
    std::uint8_t throttled = 0;   ///< Bit per processor throttled in the current period.
    std::uint8_t doNotThrottle = kNone;
    std::uint8_t throttlingCount = 0;
    std::uint8_t pinnedResidency = 0;
    bool pinned = false;
  };
  struct BlockHistory {
    double lastUs = -1;
    std::uint8_t lastProcessor = kNone;
    bool tracking = false;  ///< Per-page tracking started (the driver's block_thrashing->pages).
  };
  void forget(std::uint32_t page) { historyToChange(page) = PageHistory{}; }
  /// A page's history; the per-page table is only allocated once a block starts tracking (most
  /// runs never do, and it is 32 bytes a page).
  [[nodiscard]] const PageHistory& history(std::uint32_t page) const {
    static const PageHistory kUntracked;
    return state_.empty() ? kUntracked : state_[page];
  }
  PageHistory& historyToChange(std::uint32_t page) {
    if (state_.empty()) state_.resize(pageCount_);
    return state_[page];
  }
  /// Throttles the processor of `bit` until the period ends (thrashing_throttle_processor).
  static ThrashVerdict throttle(PageHistory& h, std::uint8_t bit, ThrashVerdict v);

  int threshold_;
  double lapseUs_;
  double napUs_;
  int pinThreshold_;
  double pinUs_;
  std::uint32_t pageCount_;
  std::vector<PageHistory> state_;  ///< Empty until a first page is tracked.
  std::vector<BlockHistory> blocks_;
};

}  // namespace warpscope::labs::um
