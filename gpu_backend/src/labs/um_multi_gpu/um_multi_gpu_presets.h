#pragma once
/// \file um_multi_gpu_presets.h
/// The slides lab "um-multi-gpu" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umMultiGpuPresets();

}  // namespace warpscope::labs
