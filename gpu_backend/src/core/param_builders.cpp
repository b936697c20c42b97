#include "core/param_builders.h"

namespace warpscope::labs {

ParamSpec intParam(std::string id, std::string label, std::string unit, int min, int max, int step, int value,
                   std::string help, ParamRole role) {
  ParamSpec p;
  p.id = std::move(id);
  p.label = std::move(label);
  p.unit = std::move(unit);
  p.min = min;
  p.max = max;
  p.step = step;
  p.defaultValue = value;
  p.help = std::move(help);
  p.role = role;
  p.integer = true;
  return p;
}

ParamSpec choiceParam(std::string id, std::string label, std::string unit, std::vector<double> choices, double value,
                      std::string help, ParamRole role) {
  ParamSpec p;
  p.id = std::move(id);
  p.label = std::move(label);
  p.unit = std::move(unit);
  p.choices = std::move(choices);
  p.min = p.choices.front();
  p.max = p.choices.back();
  p.defaultValue = value;
  p.help = std::move(help);
  p.role = role;
  p.integer = true;
  return p;
}

}  // namespace warpscope::labs
