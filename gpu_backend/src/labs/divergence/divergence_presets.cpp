#include "labs/divergence/divergence_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> divergencePresets() {
  return {};
}

}  // namespace warpscope::labs
