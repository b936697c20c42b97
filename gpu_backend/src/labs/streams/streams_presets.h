#pragma once
// Lab "streams": the slides of seed 003 it reproduces (Streams and Command Queues).
#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> streamsPresets();

}  // namespace warpscope::labs
