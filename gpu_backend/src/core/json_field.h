#pragma once
// Typed reads of result JSON fields, shared by the document reader and the view reader, so every
// malformed file is refused the same way: BadInputError naming the field and where it sits.
#include <nlohmann/json.hpp>
#include <map>
#include <string>
#include <vector>

#include "core/text_limits.h"
#include "warpscope/params.h"

namespace warpscope {

/// object[name] as T; throws BadInputError when object is not an object, lacks the field, or
/// the field has another type. `where` says whose field it is ("document", "view 'x'").
template <typename T>
T field(const nlohmann::json& object, const char* name, const std::string& where) {
  if (!object.is_object() || !object.contains(name))
    throw BadInputError("result JSON: missing field '" + std::string(name) + "' in " + where);
  try {
    return object.at(name).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw BadInputError("result JSON: field '" + std::string(name) + "' in " + where + " has the wrong type");
  }
}

/// object[name] as T, or fallback when the field is absent (a wrong type still throws).
template <typename T>
T optionalField(const nlohmann::json& object, const char* name, const std::string& where, T fallback) {
  if (!object.is_object() || !object.contains(name)) return fallback;
  return field<T>(object, name, where);
}

/// object[name] itself, not a copy (a recording's result or a view's table is megabytes);
/// throws like field() when it is missing.
inline const nlohmann::json& member(const nlohmann::json& object, const char* name, const std::string& where) {
  if (!object.is_object() || !object.contains(name))
    throw BadInputError("result JSON: missing field '" + std::string(name) + "' in " + where);
  return object.at(name);
}

/// object[name] as an array (to iterate, not copied); throws like field() when it is missing
/// or not one.
inline const nlohmann::json& arrayField(const nlohmann::json& object, const char* name, const std::string& where) {
  const nlohmann::json& value = member(object, name, where);
  if (!value.is_array())
    throw BadInputError("result JSON: field '" + std::string(name) + "' in " + where + " is not an array");
  return value;
}

/// A format or schema version: a JSON integer that fits an int. field<int> read 1.5 as 1,
/// 4294967297 as 1 and 1e300 as -2147483648; a version is refused by its text instead.
inline int versionField(const nlohmann::json& object, const char* name, const std::string& where) {
  const nlohmann::json& value = member(object, name, where);
  if (!value.is_number_integer() || value.get<long long>() < 0 || value.get<long long>() > 1000000 ||
      (value.is_number_unsigned() && value.get<unsigned long long>() > 1000000))
    throw BadInputError("result JSON: " + std::string(name) + " " + boundedText(value.dump(), 40) + " in " + where +
                        " is not a version this build reads");
  return value.get<int>();
}

/// object[name] as an array of at most `maxItems`; more is a BadInputError saying how many of
/// what (`items`: "scalars") the file declares, before any is read (text_limits.h).
inline const nlohmann::json& boundedArrayField(const nlohmann::json& object, const char* name, const std::string& where,
                                               std::size_t maxItems, const char* items) {
  const nlohmann::json& value = arrayField(object, name, where);
  if (value.size() > maxItems)
    throw BadInputError("result JSON: " + where + " declares " + std::to_string(value.size()) + " " + items +
                        ", more than the " + std::to_string(maxItems) + " Warpscope shows");
  return value;
}

/// object[name] (an array or an object) when it has at most `maxItems` entries; as above.
inline void requireAtMost(const nlohmann::json& object, const char* name, const std::string& where,
                          std::size_t maxItems, const char* items) {
  if (object.is_object() && object.contains(name) && object.at(name).size() > maxItems)
    throw BadInputError("result JSON: " + where + " declares " + std::to_string(object.at(name).size()) + " " + items +
                        ", more than the " + std::to_string(maxItems) + " Warpscope shows");
}

/// A text field cut to `maxChars` (text_limits.h): every text a file puts on screen is read
/// through these, never through field<std::string>.
inline std::string textField(const nlohmann::json& object, const char* name, const std::string& where,
                             std::size_t maxChars = kMaxLabelChars) {
  return boundedText(field<std::string>(object, name, where), maxChars);
}

inline std::string optionalTextField(const nlohmann::json& object, const char* name, const std::string& where,
                                     std::string fallback, std::size_t maxChars = kMaxLabelChars) {
  return boundedText(optionalField(object, name, where, std::move(fallback)), maxChars);
}

/// A list of texts, each cut to `maxChars`.
inline std::vector<std::string> textListField(const nlohmann::json& object, const char* name, const std::string& where,
                                              std::size_t maxChars = kMaxLabelChars) {
  std::vector<std::string> texts = field<std::vector<std::string>>(object, name, where);
  for (auto& text : texts) text = boundedText(std::move(text), maxChars);
  return texts;
}

/// A map of texts (a run's parameter names), keys and values each cut to `maxChars`.
inline std::map<std::string, std::string> textMapField(const nlohmann::json& object, const char* name,
                                                       const std::string& where, std::size_t maxChars = kMaxLabelChars) {
  std::map<std::string, std::string> texts;
  for (auto& [key, value] : field<std::map<std::string, std::string>>(object, name, where))
    texts.emplace(boundedText(key, maxChars), boundedText(std::move(value), maxChars));
  return texts;
}

/// A map read from a file with its keys (parameter ids) cut to the label limit.
template <typename V>
std::map<std::string, V> boundedKeys(std::map<std::string, V> in) {
  std::map<std::string, V> out;
  for (auto& [key, value] : in) out.emplace(boundedText(key, kMaxLabelChars), std::move(value));
  return out;
}

}  // namespace warpscope
