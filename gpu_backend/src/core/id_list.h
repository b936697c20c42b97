#pragma once
// "a, b, c" from the ids of a list: every "unknown X" message lists the valid ones this way.
#include <string>

namespace warpscope {

/// Joins idOf(item) for every item with ", ".
template <typename Range, typename IdOf>
std::string joinIds(const Range& items, IdOf idOf) {
  std::string joined;
  for (const auto& item : items) joined += (joined.empty() ? "" : ", ") + std::string(idOf(item));
  return joined;
}

}  // namespace warpscope
