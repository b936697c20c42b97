#pragma once
// Small helpers the lab assemblers share.
#include <string>

#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// An empty view with the id, title and kind the lab declares for viewId: results use exactly
/// the declaration, so a title is written once. Throws std::logic_error for an undeclared id
/// (a programming error, caught by the lab's tests).
View declaredView(const LabSpec& lab, const std::string& viewId);

/// An empty result naming the lab, the device and the parameters it ran with: every assembler
/// starts from it.
RunResult resultShell(const std::string& labId, const DeviceInfo& device, const ParamSet& params);

/// The series with its points in increasing x (backends may measure in any order).
Series sortedByX(Series series);

/// A GPU-only bench check: how many points of the view's second series (the counters') equal its
/// first series' (an exact rule) at the same index; passes when all do. The view must hold both.
BenchCheck pointsEqualCheck(const View& view, const std::string& what);

/// "ILP 4" -> "ilp_4", "128 B/thread (8x16 B)" -> "128_b_thread_8x16_b": for scalar ids.
std::string scalarKey(const std::string& name);

}  // namespace warpscope::labs
