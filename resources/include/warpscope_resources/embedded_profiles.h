#pragma once
// The simulator's device profiles (resources/profiles/*.json), embedded at configure time.
#include <string_view>
#include <utility>
#include <vector>

namespace warpscope::resources {
/// (file name, JSON text) for every profile, sorted by file name.
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedProfiles();
}  // namespace warpscope::resources
