#pragma once
/// \file register_vs_shared_presets.h
/// The slides lab "register-vs-shared" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> registerVsSharedPresets();

}  // namespace warpscope::labs
