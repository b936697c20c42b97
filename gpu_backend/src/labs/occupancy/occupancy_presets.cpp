#include "labs/occupancy/occupancy_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> occupancyPresets() {
  return {};
}

}  // namespace warpscope::labs
