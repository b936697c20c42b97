#pragma once
/// \file atomics_presets.h
/// The atomics lab's presets: the seed 002 slides it reproduces.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> atomicsPresets();

}  // namespace warpscope::labs
