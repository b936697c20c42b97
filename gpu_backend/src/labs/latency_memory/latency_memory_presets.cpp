#include "labs/latency_memory/latency_memory_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> latencyMemoryPresets() {
  return {};
}

}  // namespace warpscope::labs
