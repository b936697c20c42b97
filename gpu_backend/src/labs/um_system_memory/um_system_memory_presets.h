#pragma once
/// \file um_system_memory_presets.h
/// The slides lab "um-system-memory" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umSystemMemoryPresets();

}  // namespace warpscope::labs
