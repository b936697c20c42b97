#pragma once
/// \file fft_registers_presets.h
/// The fft-registers lab's presets: the seed 000 (Volkov, Part V) slides it reproduces.

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> fftRegistersPresets();

}  // namespace warpscope::labs
