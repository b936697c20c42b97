#pragma once
// Which points a run of a user's kernel measures (docs/your-kernel.md, "Focus and sweep"): the
// focus params span the chart (one on the x axis, the other, if any, one curve per value), the
// sweep params hold their values for the whole chart. A focus-only run measures the one point
// the values select.

#include <string>
#include <vector>

#include "labs/user_kernel/kernel_header.h"
#include "warpscope/lab.h"

namespace warpscope::labs::user_kernel {

struct PlannedPoint {
  ParamSet params;
  double x = 0;          ///< The x param's value in the ParamSet (a named choice: its index).
  double seriesKey = 0;  ///< The series param's value (0 without one).
  bool isFocus = false;  ///< The point the request's own values select.
};

struct UserKernelPlan {
  const UserParam* xParam = nullptr;       ///< Null when no param is a focus param.
  const UserParam* seriesParam = nullptr;  ///< Null with fewer than two focus params.
  std::vector<PlannedPoint> points;        ///< Series by series, x ascending.
  PlannedPoint focus;
};

/// The points of `scope` for validated `params`. The x axis is the first focus param with
/// numbers (a named choice makes curves rather than an axis of indices, when there is a choice).
UserKernelPlan planUserKernel(const KernelHeader& header, const ParamSet& params, RunScope scope);

/// "BLOCK 256, ILP 4": the values of the params a variant is compiled with, for a bar's label.
std::string variantLabel(const KernelHeader& header, const ParamSet& params);

/// A series' name: "ILP 4", "Kernel padded"; "Kernel" without a series param.
std::string seriesName(const UserKernelPlan& plan, double key);

}  // namespace warpscope::labs::user_kernel
