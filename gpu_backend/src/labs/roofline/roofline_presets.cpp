#include "labs/roofline/roofline_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> rooflinePresets() {
  return {};
}

}  // namespace warpscope::labs
