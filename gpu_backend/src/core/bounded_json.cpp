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
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\') ++i;  // the escaped character cannot end the string
      else if (c == '"') inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw BadInputError(what + " nests deeper than " + std::to_string(kMaxJsonDepth) + " levels (at byte " +
                            std::to_string(i) + ")");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw BadInputError(what + " is malformed: " + e.what());
  }
}

}  // namespace warpscope
