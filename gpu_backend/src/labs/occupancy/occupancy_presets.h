#pragma once
/// \file occupancy_presets.h
/// The slides lab "occupancy" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> occupancyPresets();

}  // namespace warpscope::labs
