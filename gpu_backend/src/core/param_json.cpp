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

/// The parameters a run of `labId` declares: the registry's, or for a run of the user's own
/// kernel those its kernel's header declares (LabDefinition::specFor; a header that cannot be used
/// throws BadInputError naming its line). Empty for a lab this build does not know.
std::vector<ParamSpec> declaredParams(const std::string& labId, const KernelSource& kernel) {
  const labs::LabDefinition* lab = LabRegistry::builtin().definition(labId);
  if (!lab) return {};
  if (kernel.empty() || !lab->specForRequest) return lab->spec.params;
  RunRequest request;
  request.labId = labId;
  request.kernel = kernel;
  return lab->specFor(request).params;
}

/// The declaration of parameter `id` when it is a named choice, else nullptr.
const ParamSpec* namedChoice(const std::vector<ParamSpec>& params, const std::string& id) {
  const ParamSpec* spec = findParam(params, id);
  return spec && spec->isNamedChoice() ? spec : nullptr;
}

/// The choice's name when `value` is exactly one of the choices' indices (1.5 or -0 is not).
const std::string* choiceName(const ParamSpec& spec, double value) {
  if (!(value >= 0) || value != std::floor(value) || value >= static_cast<double>(spec.choiceNames.size()))
    return nullptr;
  return &spec.choiceNames[static_cast<std::size_t>(value)];
}

}  // namespace

json paramsToJson(const std::string& labId, const std::map<std::string, double>& params, const KernelSource& kernel) {
  json out = json::object();
  const std::vector<ParamSpec> declared = declaredParams(labId, kernel);
  for (const auto& [id, value] : params) {
    const ParamSpec* spec = namedChoice(declared, id);
    const std::string* name = spec ? choiceName(*spec, value) : nullptr;
    out[id] = name ? json(*name) : json(value);
  }
  return out;
}

std::map<std::string, double> paramsFromJson(const std::string& labId, const json& params, const std::string& where,
                                             const KernelSource& kernel) {
  if (!params.is_object()) throw BadInputError("result JSON: field 'params' in " + where + " is not an object");
  std::map<std::string, double> out;
  const std::vector<ParamSpec> declared = declaredParams(labId, kernel);
  for (const auto& [key, value] : params.items()) {
    const std::string id = boundedText(key, kMaxLabelChars);
    if (value.is_number()) {
      out.emplace(id, value.get<double>());
      continue;
    }
    if (!value.is_string())
      throw BadInputError("result JSON: params '" + id + "' in " + where + " is neither a number nor a choice's name");
    const std::string name = boundedText(value.get<std::string>(), kMaxLabelChars);
    const ParamSpec* spec = namedChoice(declared, id);
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

std::string paramValueText(const std::vector<ParamSpec>& declared, const std::string& id, double value) {
  if (const ParamSpec* spec = namedChoice(declared, id))
    if (const std::string* name = choiceName(*spec, value)) return *name;
  std::ostringstream out;
  out << std::setprecision(std::numeric_limits<double>::max_digits10 - 2) << value;
  return out.str();
}

std::vector<ParamSpec> resultParamSpecs(const RunResult& result) { return declaredParams(result.labId, result.kernel); }

}  // namespace warpscope
