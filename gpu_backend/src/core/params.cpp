#include "warpscope/params.h"

#include "core/id_list.h"
#include "warpscope/device.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace warpscope {
namespace {

/// The shortest text that reads back as exactly `value` (0.5, 64, 1048576): a value a message
/// calls valid must be accepted when the user types it back.
std::string formatNumber(double value) {
  char text[32];
  const auto [end, error] = std::to_chars(text, text + sizeof text, value);
  return error == std::errc() ? std::string(text, end) : std::to_string(value);
}

std::string knownIds(const std::vector<ParamSpec>& specs) {
  return joinIds(specs, [](const ParamSpec& spec) { return spec.id; });
}

}  // namespace

std::string ParamSpec::validRangeText() const {
  if (isNamedChoice()) {
    std::string text = "one of ";
    for (size_t i = 0; i < choiceNames.size(); ++i) text += (i ? ", " : "") + choiceNames[i];
    return text;
  }
  if (!choices.empty()) {
    std::string text = "one of ";
    for (size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + formatNumber(choices[i]);
    return text + (unit.empty() ? "" : " " + unit);
  }
  std::string text = formatNumber(min) + ".." + formatNumber(max);
  if (step > 0 && !(integer && step == 1)) text += " in steps of " + formatNumber(step);
  return text + (unit.empty() ? "" : " " + unit);
}

bool ParamSpec::accepts(double value) const {
  if (!std::isfinite(value)) return false;
  // A tolerance relative to the step: values typed as decimals ("0.1") are not exact in binary.
  const double tolerance = 1e-9 * std::max(1.0, std::abs(value));
  if (!choices.empty()) {
    for (double choice : choices)
      if (std::abs(choice - value) <= tolerance) return true;
    return false;
  }
  if (value < min - tolerance || value > max + tolerance) return false;
  if (integer && std::abs(value - std::round(value)) > tolerance) return false;
  if (step > 0) {
    const double steps = (value - min) / step;
    if (std::abs(steps - std::round(steps)) > 1e-6) return false;
  }
  return true;
}

std::string ParamSpec::valueText(double value) const {
  const auto index = static_cast<long>(std::lround(value));
  if (isNamedChoice() && index >= 0 && index < static_cast<long>(choiceNames.size()))
    return choiceNames[static_cast<size_t>(index)];
  return formatNumber(value);
}

std::string ParamSpec::displayText(double value) const {
  const auto index = static_cast<long>(std::lround(value));
  if (index >= 0 && index < static_cast<long>(choiceLabels.size())) return choiceLabels[static_cast<size_t>(index)];
  return valueText(value);
}

bool ParamSpec::isRelevant(const ParamSet& values) const {
  if (relevantWhenParam.empty()) return true;
  const auto it = values.values().find(relevantWhenParam);
  if (it == values.values().end()) return true;
  return std::find(relevantWhenValues.begin(), relevantWhenValues.end(), it->second) != relevantWhenValues.end();
}

ParamSpec namedChoiceParam(std::string id, std::string label, std::vector<std::string> names,
                           int defaultIndex, std::string help, ParamRole role, std::vector<std::string> labels) {
  if (!labels.empty() && labels.size() != names.size())
    throw std::logic_error("namedChoiceParam '" + id + "': " + std::to_string(labels.size()) + " labels for " +
                           std::to_string(names.size()) + " names");
  ParamSpec spec;
  spec.id = std::move(id);
  spec.label = std::move(label);
  spec.min = 0;
  spec.max = static_cast<double>(names.size()) - 1;
  spec.step = 1;
  spec.defaultValue = defaultIndex;
  spec.help = std::move(help);
  for (size_t i = 0; i < names.size(); ++i) spec.choices.push_back(static_cast<double>(i));
  spec.choiceNames = std::move(names);
  spec.choiceLabels = std::move(labels);
  spec.role = role;
  spec.integer = true;
  return spec;
}

double ParamSet::get(const std::string& id) const {
  const auto it = values_.find(id);
  if (it == values_.end()) throw BadInputError("parameter '" + id + "' is not set");
  return it->second;
}

int ParamSet::getInt(const std::string& id) const { return static_cast<int>(std::lround(get(id))); }

const ParamSpec* findParam(const std::vector<ParamSpec>& specs, const std::string& id) {
  for (const auto& spec : specs)
    if (spec.id == id) return &spec;
  return nullptr;
}

ParamSet defaultParams(const std::vector<ParamSpec>& specs) {
  ParamSet params;
  for (const auto& spec : specs) params.set(spec.id, spec.defaultValue);
  return params;
}

ParamSet parseAssignments(const std::vector<ParamSpec>& specs,
                          const std::vector<std::string>& assignments) {
  ParamSet params = defaultParams(specs);
  for (const auto& assignment : assignments) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0)
      throw BadInputError("expected NAME=VALUE, got '" + assignment + "' (parameters: " +
                          knownIds(specs) + ")");
    const std::string name = assignment.substr(0, eq);
    const std::string text = assignment.substr(eq + 1);
    const ParamSpec* spec = findParam(specs, name);
    if (!spec)
      throw BadInputError("unknown parameter '" + name + "' (parameters: " + knownIds(specs) + ")");
    double value = 0;
    if (spec->isNamedChoice()) {
      const auto named = std::find(spec->choiceNames.begin(), spec->choiceNames.end(), text);
      if (named == spec->choiceNames.end())
        throw BadInputError("parameter '" + name + "': '" + text + "' is not a choice; valid: " +
                            spec->validRangeText());
      params.set(name, static_cast<double>(named - spec->choiceNames.begin()));
      continue;
    }
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [end, error] = std::from_chars(first, last, value);
    if (text.empty() || error != std::errc() || end != last)
      throw BadInputError("parameter '" + name + "': '" + text + "' is not a number; valid: " +
                          spec->validRangeText());
    if (!spec->accepts(value))
      throw BadInputError("parameter '" + name + "' = " + text + " is out of range; valid: " +
                          spec->validRangeText());
    params.set(name, value);
  }
  return params;
}

void validateParams(const std::vector<ParamSpec>& specs, const ParamSet& params) {
  for (const auto& [id, value] : params.values()) {
    const ParamSpec* spec = findParam(specs, id);
    if (!spec)
      throw BadInputError("unknown parameter '" + id + "' (parameters: " + knownIds(specs) + ")");
    if (!spec->accepts(value))
      throw BadInputError("parameter '" + id + "' = " + formatNumber(value) +
                          " is out of range; valid: " + spec->validRangeText() +
                          (spec->capNote.empty() ? std::string() : " (" + spec->capNote + ")"));
  }
  for (const auto& spec : specs)
    if (!params.values().contains(spec.id))
      throw BadInputError("parameter '" + spec.id + "' is missing; valid: " + spec.validRangeText());
}

namespace {

std::string mibText(double bytes) {
  std::ostringstream out;
  out << static_cast<long long>(std::floor(bytes / (1024.0 * 1024.0))) << " MiB";
  return out.str();
}

}  // namespace

std::vector<ParamSpec> capParamsForDevice(const std::vector<ParamSpec>& specs, const DeviceInfo& device) {
  std::vector<ParamSpec> capped = specs;
  if (device.kind != DeviceKind::Cuda) return capped;
  const double freeBytes = static_cast<double>(device.freeMemBytes > 0 ? device.freeMemBytes : device.globalMemBytes);
  if (!(freeBytes > 0)) return capped;
  for (ParamSpec& spec : capped) {
    if (!(spec.memoryUnitBytes > 0) || spec.isNamedChoice()) continue;
    const double limit = std::floor(freeBytes / 2.0 / spec.memoryUnitBytes);
    const double tolerance = 1e-9 * std::max(1.0, std::abs(limit));
    bool lowered = false;
    if (!spec.choices.empty()) {
      std::vector<double> kept;
      for (double c : spec.choices)
        if (c <= limit + tolerance) kept.push_back(c);
      // Not even the smallest fits: keep it alone, the least the lab can run with.
      if (kept.empty()) kept.push_back(*std::min_element(spec.choices.begin(), spec.choices.end()));
      lowered = kept.size() < spec.choices.size();
      spec.choices = kept;
      if (lowered) {
        const double largest = *std::max_element(kept.begin(), kept.end());
        spec.defaultValue = std::min(spec.defaultValue, largest);
        spec.max = std::min(spec.max, largest);
      }
    } else if (limit < spec.max - tolerance) {
      double max = std::max(spec.min, limit);
      if (spec.step > 0) max = spec.min + std::floor((max - spec.min) / spec.step + 1e-9) * spec.step;
      if (spec.integer) max = std::floor(max + 1e-9);
      max = std::max(spec.min, max);
      lowered = max < spec.max;
      spec.max = max;
      spec.defaultValue = std::min(spec.defaultValue, spec.max);
    }
    if (!lowered) continue;
    spec.capNote = "capped at half of this GPU's free memory (" + mibText(freeBytes / 2.0) + " of " + mibText(freeBytes) +
                   " free): more managed memory than that can hang the GPU for everyone; oversubscription runs in "
                   "the simulator";
    spec.help += (spec.help.empty() ? "" : " ") + std::string("Capped") + spec.capNote.substr(std::string("capped").size()) + ".";
  }
  return capped;
}

}  // namespace warpscope
