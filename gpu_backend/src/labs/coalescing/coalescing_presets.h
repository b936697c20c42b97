#pragma once
/// \file coalescing_presets.h
/// The coalescing lab's slides (seed 002).

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> coalescingPresets();

}  // namespace warpscope::labs
