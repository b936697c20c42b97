#pragma once
/// \file roofline_presets.h
/// The slides lab "roofline" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> rooflinePresets();

}  // namespace warpscope::labs
