#pragma once
/// \file um_policies_presets.h
/// The slides lab "um-policies" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umPoliciesPresets();

}  // namespace warpscope::labs
