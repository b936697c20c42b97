#pragma once
// A RunResult as a JSON value (the `warpscope-result` document of writers.h), for documents
// that hold one inside them: recordings and the runs figures carry.
#include <nlohmann/json.hpp>

#include <string>

#include "core/view_json.h"
#include "warpscope/result.h"

namespace warpscope {

/// `form`: Document for files, Wire for the worker protocol (view_json.h says the difference).
nlohmann::json resultToJson(const RunResult& result, JsonForm form = JsonForm::Document);
/// Throws BadInputError naming the first malformed field.
RunResult resultFromJson(const nlohmann::json& doc, JsonForm form = JsonForm::Document);

/// Limits a file a user opens is held to before anything is allocated for it: its nesting (a
/// deep one overflows the parser's and the destructor's recursion), its size, and how many values
/// values, containers and object members it holds. The byte size alone does not bound the memory:
/// 63 MiB of [{},{},...] parse to 22 million objects, 2.25 GB (issue 29). The largest recording
/// shipped (2.3 MB) holds 340,000 values in 34,000 objects and arrays and 344 members; the limits
/// leave 12 to 30 times the values and containers (a version-1 file's points are objects of four
/// members: 250,000 points), about 16 bytes per value, 100 per container or member when parsed.
inline constexpr int kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxJsonBytes = std::size_t{64} << 20;
inline constexpr std::size_t kMaxJsonValues = std::size_t{4} << 20;      ///< every value, containers included
inline constexpr std::size_t kMaxJsonContainers = std::size_t{1} << 20;  ///< objects and arrays
inline constexpr std::size_t kMaxJsonMembers = std::size_t{1} << 20;     ///< "name": value pairs in objects

/// json::parse after checking the size, the nesting depth and the counts above (brackets and
/// commas outside strings, one linear pass before anything is allocated), so a hostile document
/// is refused in linear time and bounded memory. `what` names the document in messages.
nlohmann::json parseBoundedJson(const std::string& text, const std::string& what);

}  // namespace warpscope
