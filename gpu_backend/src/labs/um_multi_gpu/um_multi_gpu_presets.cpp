#include "labs/um_multi_gpu/um_multi_gpu_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umMultiGpuPresets() {
  return {};
}

}  // namespace warpscope::labs
