#include "labs/um_common/uvm_thrashing.h"

#include "labs/um_common/um_model.h"

namespace warpscope::labs::um {

ThrashingDetector::ThrashingDetector(const UvmParams& params, std::uint32_t pageCount)
    : threshold_(params.thrashingThreshold),
      lapseUs_(params.thrashingLapseUs),
      pinThreshold_(params.thrashingPinThreshold),
      pinUs_(params.thrashingPinMs * 1000.0),
      state_(pageCount) {}

bool ThrashingDetector::pinned(std::uint32_t page, double nowUs) const { return nowUs < state_[page].pinnedUntilUs; }

ThrashVerdict ThrashingDetector::onFault(std::uint32_t page, Processor processor, double nowUs) {
  PageHistory& h = state_[page];
  ThrashVerdict v;
  if (pinned(page, nowUs)) {
    v.action = ThrashAction::Remote;
    return v;
  }
  if (h.pinnedUntilUs > -1e299) {  // a pin expired: the page is tracked afresh (unpinned)
    h = PageHistory{};
  }
  const auto p = static_cast<std::uint8_t>(processor);
  if (h.lastProcessor == 0xff || h.lastProcessor == p) return v;  // first touch or a local re-fault
  if (nowUs - h.lastMigrationUs <= lapseUs_) {
    if (h.events < 255) ++h.events;
  } else {
    h.events = 0;
    h.throttles = 0;
    h.thrashing = 0;
    return v;
  }
  if (h.events < threshold_) return v;
  if (!h.thrashing) {
    h.thrashing = 1;
    v.newlyThrashing = true;
  }
  if (h.throttles < pinThreshold_) {
    ++h.throttles;
    v.action = ThrashAction::Throttle;
    return v;
  }
  h.pinnedUntilUs = nowUs + pinUs_;
  v.action = ThrashAction::Pin;
  return v;
}

void ThrashingDetector::onMigrated(std::uint32_t page, Processor processor, double nowUs) {
  PageHistory& h = state_[page];
  h.lastProcessor = static_cast<std::uint8_t>(processor);
  h.lastMigrationUs = nowUs;
}

}  // namespace warpscope::labs::um
