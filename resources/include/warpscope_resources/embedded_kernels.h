#pragma once
// The example kernels of the user-kernel lab (resources/kernels/*.cu), embedded at configure time.
#include <string_view>
#include <utility>
#include <vector>

namespace warpscope::resources {
/// (file name, source text) for every example kernel, sorted by file name.
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedKernels();
}  // namespace warpscope::resources
