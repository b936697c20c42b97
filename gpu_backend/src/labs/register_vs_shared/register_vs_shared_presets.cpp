#include "labs/register_vs_shared/register_vs_shared_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> registerVsSharedPresets() {
  return {};
}

}  // namespace warpscope::labs
