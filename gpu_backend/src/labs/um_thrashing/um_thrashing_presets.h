#pragma once
/// \file um_thrashing_presets.h
/// The slides lab "um-thrashing" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umThrashingPresets();

}  // namespace warpscope::labs
