#pragma once
// The lectures (resources/lectures/*.json: ordered lists of presets), embedded at configure time.
#include <string_view>
#include <utility>
#include <vector>

namespace warpscope::resources {
/// (file name, JSON text) for every lecture, sorted by file name.
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedLectures();
}  // namespace warpscope::resources
