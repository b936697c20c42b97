#include "view_renderer.h"

#include "bars_renderer.h"
#include "grid_renderer.h"
#include "listing_renderer.h"
#include "timeline_renderer.h"
#include "xy_renderer.h"

namespace warpscope::ui {

std::unique_ptr<ViewRenderer> makeViewRenderer(ViewKind kind, QWidget* parent) {
  switch (kind) {
    case ViewKind::Xy: return std::make_unique<XyRenderer>(parent);
    case ViewKind::Timeline: return std::make_unique<TimelineRenderer>(parent);
    case ViewKind::Grid: return std::make_unique<GridRenderer>(parent);
    case ViewKind::Bars: return std::make_unique<BarsRenderer>(parent);
    case ViewKind::Listing: return std::make_unique<ListingRenderer>(parent);
  }
  return std::make_unique<XyRenderer>(parent);
}

}  // namespace warpscope::ui
