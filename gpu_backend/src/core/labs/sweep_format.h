#pragma once
// Small helpers the lab assemblers share.
#include <string>

#include "warpscope/result.h"

namespace warpscope::labs {

/// The series with its points in increasing x (backends may measure in any order).
Series sortedByX(Series series);

/// "ILP 4" -> "ilp_4", "128 B/thread (8x16 B)" -> "128_b_thread_8x16_b": for scalar ids.
std::string scalarKey(const std::string& name);

}  // namespace warpscope::labs
