#pragma once
/// \file divergence_presets.h
/// The slides lab "divergence" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> divergencePresets();

}  // namespace warpscope::labs
