#include "warpscope/result.h"

namespace warpscope {

const char* viewKindName(ViewKind kind) {
  switch (kind) {
    case ViewKind::Xy: return "xy";
    case ViewKind::Timeline: return "timeline";
    case ViewKind::Grid: return "grid";
    case ViewKind::Bars: return "bars";
    case ViewKind::Listing: return "listing";
  }
  return "xy";
}

bool parseViewKind(const std::string& name, ViewKind* kind) {
  for (ViewKind k : {ViewKind::Xy, ViewKind::Timeline, ViewKind::Grid, ViewKind::Bars, ViewKind::Listing})
    if (name == viewKindName(k)) {
      *kind = k;
      return true;
    }
  return false;
}

bool isAnimated(ViewKind kind) { return kind == ViewKind::Timeline || kind == ViewKind::Grid; }

std::string RunResult::banner() const {
  if (!recordedOn.empty()) return "Recorded on " + deviceName + ", " + recordedOn;
  if (provenance == Provenance::Measured) return "Measured on " + deviceName;
  // The simulator has no model of a user's kernel: it compiled the kernel and ran nothing.
  if (!kernel.empty()) return "Compiled for the " + deviceName + "'s architecture (NVRTC): no GPU ran it";
  return "Simulated: " + deviceName;
}

const View* RunResult::findView(const std::string& id) const {
  for (const auto& view : views)
    if (view.id == id) return &view;
  return nullptr;
}

View* RunResult::findView(const std::string& id) {
  for (auto& view : views)
    if (view.id == id) return &view;
  return nullptr;
}

const Scalar* RunResult::findScalar(const std::string& id) const {
  for (const auto& scalar : scalars)
    if (scalar.id == id) return &scalar;
  return nullptr;
}

}  // namespace warpscope
