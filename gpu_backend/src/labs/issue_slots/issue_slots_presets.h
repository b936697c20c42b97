#pragma once
// The slides the issue-slots lab reproduces (seed 000, Volkov part I).
#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> issueSlotsPresets();

}  // namespace warpscope::labs
