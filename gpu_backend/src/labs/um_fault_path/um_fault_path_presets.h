#pragma once
/// \file um_fault_path_presets.h
/// The slides lab "um-fault-path" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umFaultPathPresets();

}  // namespace warpscope::labs
