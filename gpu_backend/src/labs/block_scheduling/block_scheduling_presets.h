#pragma once
// The slides the block-scheduling lab reproduces (seed 003's GPU Execution of Kernels and More on
// GPU Occupancy; seed 000, Volkov part IV's matrix multiply).
#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> blockSchedulingPresets();

}  // namespace warpscope::labs
