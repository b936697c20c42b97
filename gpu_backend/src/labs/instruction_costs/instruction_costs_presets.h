#pragma once
/// \file instruction_costs_presets.h
/// The slides lab "instruction-costs" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> instructionCostsPresets();

}  // namespace warpscope::labs
