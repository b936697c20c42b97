#pragma once
/// \file um_streaming_presets.h
/// The slides lab "um-streaming" reproduces (PresetSpec): its parameters and view for each claim.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> umStreamingPresets();

}  // namespace warpscope::labs
