#include "grid_palette.h"

#include <utility>

namespace warpscope::ui {

/// The page map's and the memory-access grids' palette by state id: told apart with colour-vision
/// deficiencies (Paul Tol's bright/vibrant sets), light grey for pages that exist nowhere yet and
/// for sectors nothing moves; a sector fully used green, one partly used (bytes moved for
/// nothing) orange, a bank serving lanes green, an atomic update waiting yellow and applied green, whatever the order the states are listed in.
QColor gridStateColor(const std::string& id, bool* known) {
  static const std::pair<const char*, QColor> kColors[] = {
      {"unpopulated", QColor(0xE2, 0xE2, 0xE2)}, {"cpu", QColor(0x44, 0x77, 0xAA)},
      {"gpu0", QColor(0x22, 0x88, 0x33)},        {"gpu1", QColor(0x66, 0xCC, 0xEE)},
      {"duplicated", QColor(0xAA, 0x33, 0x77)},  {"remote-mapped", QColor(0xEE, 0x77, 0x33)},
      {"remote", QColor(0xEE, 0x77, 0x33)},      {"pinned", QColor(0xCC, 0x33, 0x11)},
      {"evicting", QColor(0xCC, 0xBB, 0x44)},
      {"sector-untouched", QColor(0xE2, 0xE2, 0xE2)}, {"sector-full", QColor(0x22, 0x88, 0x33)},
      {"sector-partial", QColor(0xEE, 0x77, 0x33)},   {"lane-new", QColor(0xAA, 0x33, 0x77)},
      {"bank-idle", QColor(0xE2, 0xE2, 0xE2)},        {"bank-served", QColor(0x22, 0x88, 0x33)},
      {"bank-new", QColor(0xAA, 0x33, 0x77)},
      {"atomic-idle", QColor(0xF4, 0xF4, 0xF4)},      {"atomic-queued", QColor(0xCC, 0xBB, 0x44)},
      {"atomic-applied", QColor(0x22, 0x88, 0x33)},   {"atomic-new", QColor(0xAA, 0x33, 0x77)},
      {"atomic-summed", QColor(0x66, 0xCC, 0xEE)},
  };
  for (const auto& [name, color] : kColors)
    if (id == name) {
      *known = true;
      return color;
    }
  *known = false;
  return {};
}

}  // namespace warpscope::ui
