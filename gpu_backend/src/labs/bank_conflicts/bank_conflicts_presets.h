#pragma once
/// \file bank_conflicts_presets.h
/// The bank-conflicts lab's slides (seed 001's shared memory, seed 002's tiles).

#include <vector>

#include "warpscope/lab.h"

namespace warpscope::labs {

std::vector<PresetSpec> bankConflictsPresets();

}  // namespace warpscope::labs
