#include "labs/um_common/uvm_thrashing.h"

#include <algorithm>
#include <cmath>

#include "labs/um_common/um_model.h"

namespace warpscope::labs::um {

namespace {

std::uint8_t bitOf(Processor p) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(p)); }

/// Whether `accessor` can map memory of `residency` on a PCIe host: everyone maps host memory,
/// GPUs map each other's (peer access), the CPU cannot map GPU memory.
bool canMap(Processor accessor, Processor residency) {
  return residency == Processor::Cpu || accessor != Processor::Cpu;
}

/// Whether every processor in `mask` can map memory of `residency`.
bool allCanMap(std::uint8_t mask, Processor residency) {
  for (Processor p : {Processor::Cpu, Processor::Gpu0, Processor::Gpu1})
    if ((mask & bitOf(p)) && !canMap(p, residency)) return false;
  return true;
}

}  // namespace

ThrashingDetector::ThrashingDetector(const UvmParams& params, std::uint32_t pageCount)
    : threshold_(params.thrashingThreshold),
      lapseUs_(params.thrashingLapseUs),
      napUs_(params.thrashingNapUs),
      pinThreshold_(params.thrashingPinThreshold),
      pinUs_(params.thrashingPinMs * 1000.0),
      pageCount_(pageCount),
      blocks_((pageCount + static_cast<std::uint32_t>(kPagesPerChunk) - 1) / static_cast<std::uint32_t>(kPagesPerChunk)) {}

std::vector<std::uint32_t> ThrashingDetector::onMigration(std::uint32_t first, std::uint32_t count, Processor dest,
                                                          MigrationKind kind, double nowUs) {
  std::vector<std::uint32_t> newlyThrashing;
  const std::uint32_t end = std::min<std::uint32_t>(pageCount_, first + count);
  if (kind == MigrationKind::Eviction || first >= end) return newlyThrashing;
  if (kind == MigrationKind::User) {
    // User commands and advice take precedence: thrashing pages in the range are forgotten
    // (thrashing_reset_pages_in_region).
    for (std::uint32_t p = first; p < end; ++p)
      if (thrashing(p) && !history(p).pinned) forget(p);
    return newlyThrashing;
  }
  BlockHistory& block = blocks_[first / static_cast<std::uint32_t>(kPagesPerChunk)];
  const auto destId = static_cast<std::uint8_t>(dest);
  if (!block.tracking) {
    // Per-page tracking starts only when the block moves to another processor within the lapse.
    const bool start =
        block.lastUs >= 0 && block.lastProcessor != destId && std::abs(nowUs - block.lastUs) <= lapseUs_;
    block.lastUs = nowUs;
    block.lastProcessor = destId;
    if (!start) return newlyThrashing;
    block.tracking = true;
  }
  for (std::uint32_t p = first; p < end; ++p) {
    PageHistory& h = historyToChange(p);
    const double last = h.lastUs;
    h.lastUs = nowUs;
    h.processors = static_cast<std::uint8_t>(h.processors | bitOf(dest));
    if (last < 0) continue;
    // The model's agents keep their own clocks (um-thrashing interleaves them), so a move can be
    // stamped a little before the previous one: the lapse is a distance in time.
    if (std::abs(nowUs - last) <= lapseUs_) {
      if (h.events < 255) ++h.events;
      if (h.events == threshold_) newlyThrashing.push_back(p);
    } else if (thrashing(p) && !h.pinned) {
      forget(p);
    }
  }
  block.lastUs = nowUs;
  block.lastProcessor = destId;
  return newlyThrashing;
}

ThrashVerdict ThrashingDetector::onFault(std::uint32_t page, Processor requester, double nowUs) {
  ThrashVerdict v;
  if (!blocks_[page / static_cast<std::uint32_t>(kPagesPerChunk)].tracking) return v;
  if (history(page).events < threshold_) return v;
  PageHistory& h = historyToChange(page);
  const std::uint8_t bit = bitOf(requester);
  const auto id = static_cast<std::uint8_t>(requester);
  if (h.throttled & bit) {
    if (nowUs < h.throttleEndUs && id != h.doNotThrottle) {
      v.action = ThrashAction::Throttle;
      v.untilUs = h.throttleEndUs;
      return v;
    }
    h.throttled = static_cast<std::uint8_t>(h.throttled & ~bit);
    if (h.throttled == 0) h.throttleEndUs = 0;
  }
  if (std::abs(nowUs - h.lastUs) > lapseUs_ && !h.pinned) return v;
  h.processors = static_cast<std::uint8_t>(h.processors | bit);
  // A fault past the current period opens the next one; the processor not to throttle alternates
  // (thrashing_throttle_update).
  if (nowUs > h.throttleEndUs) {
    h.throttleEndUs = nowUs + napUs_;
    h.doNotThrottle = h.doNotThrottle == id ? kNone : id;
  } else if (h.doNotThrottle == kNone) {
    h.doNotThrottle = id;
  }
  // get_hint_for_migration_thrashing without fast links or a preferred location.
  if (h.pinned) {
    if (h.doNotThrottle == id) {
      v.action = ThrashAction::Pin;
      v.pinResidency = allCanMap(h.processors, requester) ? requester : Processor::Cpu;  // host memory: common
      return v;
    }
    const auto residency = static_cast<Processor>(h.pinnedResidency);
    if (canMap(requester, residency)) {
      v.action = ThrashAction::Pin;  // stays pinned where it is: the requester maps it there
      v.pinResidency = residency;
      return v;
    }
    return throttle(h, bit, v);
  }
  if (h.doNotThrottle != id) return throttle(h, bit, v);
  if (h.throttlingCount >= pinThreshold_) {
    v.action = ThrashAction::Pin;
    v.pinResidency = requester;
  }
  return v;
}

ThrashVerdict ThrashingDetector::throttle(PageHistory& h, std::uint8_t bit, ThrashVerdict v) {
  v.action = ThrashAction::Throttle;
  if (!(h.throttled & bit)) {
    h.throttled = static_cast<std::uint8_t>(h.throttled | bit);
    if (!h.pinned && h.throttlingCount < 255) ++h.throttlingCount;
  }
  v.untilUs = h.throttleEndUs;
  return v;
}

void ThrashingDetector::pin(std::uint32_t page, Processor residency, double nowUs) {
  PageHistory& h = historyToChange(page);
  const auto where = static_cast<std::uint8_t>(residency);
  // thrashing_pin_page: a first pin, or a pin somewhere else, ends the throttling of the page
  // (an empty throttled set clears the period's end); a first pin also restarts the count.
  if ((!h.pinned || h.pinnedResidency != where) && h.throttled != 0) {
    h.throttled = 0;
    h.throttleEndUs = 0;
  }
  if (!h.pinned) {
    h.pinnedUntilUs = nowUs + pinUs_;
    h.throttlingCount = 0;
  }
  h.pinned = true;
  h.pinnedResidency = where;
}

void ThrashingDetector::unpin(std::uint32_t page) { forget(page); }

}  // namespace warpscope::labs::um
