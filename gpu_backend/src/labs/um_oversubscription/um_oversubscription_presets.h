#pragma once
/// \file um_oversubscription_presets.h
/// The slides lab "um-oversubscription" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umOversubscriptionPresets();

}  // namespace warpscope::labs
