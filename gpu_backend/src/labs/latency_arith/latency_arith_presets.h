#pragma once
/// \file latency_arith_presets.h
/// The slides lab "latency-arith" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> latencyArithPresets();

}  // namespace warpscope::labs
