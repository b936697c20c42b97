// A run's parameters in files, named choices by name (param_json.h).
#include "core/param_json.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>

#include "core/text_limits.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"

namespace warpscope {
namespace {

using nlohmann::json;

/// The lab's declaration of parameter `id` when it is a named choice, else nullptr.
const ParamSpec* namedChoice(const std::string& labId, const std::string& id) {
  const LabSpec* lab = LabRegistry::builtin().find(labId);
  const ParamSpec* spec = lab ? findParam(lab->params, id) : nullptr;
  return spec && spec->isNamedChoice() ? spec : nullptr;
}

/// The choice's name when `value` is exactly one of the choices' indices (1.5 or -0 is not).
const std::string* choiceName(const ParamSpec& spec, double value) {
  if (!(value >= 0) || value != std::floor(value) || value >= static_cast<double>(spec.choiceNames.size()))
    return nullptr;
  return &spec.choiceNames[static_cast<std::size_t>(value)];
}

}  // namespace

json paramsToJson(const std::string& labId, const std::map<std::string, double>& params) {
  json out = json::object();
  for (const auto& [id, value] : params) {
    const ParamSpec* spec = namedChoice(labId, id);
    const std::string* name = spec ? choiceName(*spec, value) : nullptr;
    out[id] = name ? json(*name) : json(value);
  }
  return out;
}

std::map<std::string, double> paramsFromJson(const std::string& labId, const json& params, const std::string& where) {
  if (!params.is_object()) throw BadInputError("result JSON: field 'params' in " + where + " is not an object");
  std::map<std::string, double> out;
  for (const auto& [key, value] : params.items()) {
    const std::string id = boundedText(key, kMaxLabelChars);
    if (value.is_number()) {
      out.emplace(id, value.get<double>());
      continue;
    }
    if (!value.is_string())
      throw BadInputError("result JSON: params '" + id + "' in " + where + " is neither a number nor a choice's name");
    const std::string name = boundedText(value.get<std::string>(), kMaxLabelChars);
    const ParamSpec* spec = namedChoice(labId, id);
    if (!spec) {
      const bool known = LabRegistry::builtin().find(labId) != nullptr;
      throw BadInputError("result JSON: params '" + id + "' in " + where + " is the name '" + name + "', but " +
                          (known ? "lab " + labId + " has no named choice '" + id + "'"
                                 : "lab '" + labId + "' is not one this build knows"));
    }
    const auto found = std::find(spec->choiceNames.begin(), spec->choiceNames.end(), name);
    if (found == spec->choiceNames.end())
      throw BadInputError("result JSON: params '" + id + "' in " + where + " is '" + name + "', not a choice of lab " +
                          labId + " (valid: " + spec->validRangeText() + ")");
    out.emplace(id, static_cast<double>(found - spec->choiceNames.begin()));
  }
  return out;
}

std::string paramValueText(const std::string& labId, const std::string& id, double value) {
  if (const ParamSpec* spec = namedChoice(labId, id))
    if (const std::string* name = choiceName(*spec, value)) return *name;
  std::ostringstream out;
  out << std::setprecision(std::numeric_limits<double>::max_digits10 - 2) << value;
  return out.str();
}

}  // namespace warpscope
