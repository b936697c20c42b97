#include "labs/matmul_tiling/matmul_tiling_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> matmulTilingPresets() {
  return {};
}

}  // namespace warpscope::labs
