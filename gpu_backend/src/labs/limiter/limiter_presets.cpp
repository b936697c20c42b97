#include "labs/limiter/limiter_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> limiterPresets() {
  return {};
}

}  // namespace warpscope::labs
