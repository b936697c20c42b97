#pragma once
/// \file matmul_tiling_presets.h
/// The slides lab "matmul-tiling" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> matmulTilingPresets();

}  // namespace warpscope::labs
