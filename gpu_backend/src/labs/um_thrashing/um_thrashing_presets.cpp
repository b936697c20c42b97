#include "labs/um_thrashing/um_thrashing_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umThrashingPresets() {
  return {};
}

}  // namespace warpscope::labs
