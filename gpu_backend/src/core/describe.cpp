// A lab's declaration as JSON: what `warpscope-cli describe LAB` prints, so scripts can build
// their own sweeps from the same declarations the GUI's sliders come from.
#include <nlohmann/json.hpp>

#include "warpscope/writers.h"

namespace warpscope {

std::string describeLabJson(const LabSpec& lab) {
  nlohmann::json params = nlohmann::json::array();
  for (const auto& p : lab.params) {
    nlohmann::json param = {{"id", p.id},     {"label", p.label},       {"unit", p.unit},
                            {"min", p.min},   {"max", p.max},           {"step", p.step},
                            {"default", p.defaultValue},                {"integer", p.integer},
                            {"role", p.role == ParamRole::Focus ? "focus" : "sweep"},
                            {"help", p.help}, {"valid", p.validRangeText()}};
    if (!p.choices.empty()) param["choices"] = p.choices;
    if (!p.relevantWhenParam.empty())
      param["relevant_when"] = {{"param", p.relevantWhenParam}, {"values", p.relevantWhenValues}};
    if (p.isNamedChoice()) {
      param["choice_names"] = p.choiceNames;  // what --set NAME=<choice name> takes
      param["default_name"] = p.valueText(p.defaultValue);
    }
    params.push_back(param);
  }
  nlohmann::json views = nlohmann::json::array();
  for (const auto& v : lab.views)
    views.push_back({{"id", v.id}, {"title", v.title}, {"kind", viewKindName(v.kind)}});
  const nlohmann::json doc = {{"id", lab.id}, {"title", lab.title}, {"summary", lab.summary},
                              {"params", params}, {"views", views}};
  return doc.dump(2);
}

}  // namespace warpscope
