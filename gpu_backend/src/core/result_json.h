#pragma once
// A RunResult as a JSON value (the `warpscope-result` document of writers.h), for documents
// that hold one inside them: recordings and the runs figures carry.
#include <nlohmann/json.hpp>
#include <string>

#include "warpscope/result.h"

namespace warpscope {

nlohmann::json resultToJson(const RunResult& result);
/// Throws BadInputError naming the first malformed field.
RunResult resultFromJson(const nlohmann::json& doc);

/// Limits a file a user opens is held to before anything is allocated for it: its nesting (a
/// deep one overflows the parser's and the destructor's recursion) and its size.
inline constexpr int kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxJsonBytes = std::size_t{64} << 20;

/// json::parse after checking the size and the nesting depth (brackets outside strings), so a
/// hostile document is refused in linear time. `what` names the document in messages.
nlohmann::json parseBoundedJson(const std::string& text, const std::string& what);

}  // namespace warpscope
