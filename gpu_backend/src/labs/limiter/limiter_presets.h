#pragma once
/// \file limiter_presets.h
/// The slides lab "limiter" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> limiterPresets();

}  // namespace warpscope::labs
