// json::parse behind the limits a user's file is held to (result_json.h).
#include "core/result_json.h"
#include "warpscope/params.h"

namespace warpscope {

nlohmann::json parseBoundedJson(const std::string& text, const std::string& what) {
  if (text.size() > kMaxJsonBytes)
    throw BadInputError(what + " is " + std::to_string(text.size() >> 20) + " MiB, more than the " +
                        std::to_string(kMaxJsonBytes >> 20) + " MiB Warpscope reads");
  int depth = 0;
  bool inString = false;
  // Every value is the document itself, the first in its container or one after a comma: one plus
  // containers plus commas bounds the values the parse would allocate. A member has one colon.
  std::size_t containers = 0;
  std::size_t commas = 0;
  std::size_t members = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\') ++i;  // the escaped character cannot end the string
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == ',') {
      ++commas;
    } else if (c == ':') {
      if (++members > kMaxJsonMembers)
        throw BadInputError(what + " holds more than " + std::to_string(kMaxJsonMembers) +
                            " object members, more than Warpscope reads (at byte " + std::to_string(i) + ")");
    } else if (c == '[' || c == '{') {
      if (++containers > kMaxJsonContainers)
        throw BadInputError(what + " holds more than " + std::to_string(kMaxJsonContainers) +
                            " objects and arrays, more than Warpscope reads (at byte " + std::to_string(i) + ")");
      if (++depth > kMaxJsonDepth)
        throw BadInputError(what + " nests deeper than " + std::to_string(kMaxJsonDepth) + " levels (at byte " +
                            std::to_string(i) + ")");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  if (commas + containers + 1 > kMaxJsonValues)
    throw BadInputError(what + " holds about " + std::to_string(commas + containers + 1) + " values, more than the " +
                        std::to_string(kMaxJsonValues) + " Warpscope reads");
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw BadInputError(what + " is malformed: " + e.what());
  } catch (const nlohmann::json::out_of_range& e) {
    // A number too large for a double ("23E448"): found by the long fuzz run (results.md), it
    // escaped the index reader as an exception no caller names.
    throw BadInputError(what + " holds a number out of range: " + e.what());
  }
}

}  // namespace warpscope
