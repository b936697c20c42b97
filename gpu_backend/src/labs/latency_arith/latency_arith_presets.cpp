#include "labs/latency_arith/latency_arith_presets.h"

namespace warpscope::labs {

std::vector<PresetSpec> latencyArithPresets() {
  return {};
}

}  // namespace warpscope::labs
