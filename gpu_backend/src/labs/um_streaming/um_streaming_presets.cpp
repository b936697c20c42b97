#include "labs/um_streaming/um_streaming_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> umStreamingPresets() {
  return {};
}

}  // namespace warpscope::labs
