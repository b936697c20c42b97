#pragma once
/// \file param_builders.h
/// The two shapes of numeric parameter the labs declare, with every field named once: an integer
/// range on a step grid, and a list of allowed values. (Named choices: namedChoiceParam, params.h.)

#include <string>
#include <vector>

#include "warpscope/params.h"

namespace warpscope::labs {

/// An integer parameter in min..max on a grid of step.
ParamSpec intParam(std::string id, std::string label, std::string unit, int min, int max, int step, int value,
                   std::string help, ParamRole role = ParamRole::Sweep);

/// A parameter that takes one of `choices` (e.g. buffer sizes in MiB).
ParamSpec choiceParam(std::string id, std::string label, std::string unit, std::vector<double> choices, double value,
                      std::string help, ParamRole role = ParamRole::Sweep);

}  // namespace warpscope::labs
