#pragma once
/// \file latency_memory_presets.h
/// The slides lab "latency-memory" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> latencyMemoryPresets();

}  // namespace warpscope::labs
