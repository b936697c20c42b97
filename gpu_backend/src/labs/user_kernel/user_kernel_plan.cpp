#include "labs/user_kernel/user_kernel_plan.h"

#include <algorithm>
#include <cmath>

namespace warpscope::labs::user_kernel {
namespace {

/// Every value a param's declaration allows, as a ParamSet holds them (a named choice: 0..n-1).
std::vector<double> paramSetValues(const UserParam& param) {
  std::vector<double> out;
  if (param.spec.isNamedChoice() || !param.spec.choices.empty()) {
    if (param.spec.isNamedChoice())
      for (std::size_t i = 0; i < param.spec.choiceNames.size(); ++i) out.push_back(static_cast<double>(i));
    else
      out = param.spec.choices;
    return out;
  }
  for (double v = param.spec.min; v <= param.spec.max + 1e-9; v += param.spec.step) out.push_back(v);
  return out;
}

}  // namespace

UserKernelPlan planUserKernel(const KernelHeader& header, const ParamSet& params, RunScope scope) {
  UserKernelPlan plan;
  std::vector<const UserParam*> focus;
  for (const UserParam& param : header.params)
    if (param.spec.role == ParamRole::Focus) focus.push_back(&param);
  // A named choice draws better as curves than as an axis of 0, 1, 2: the other one goes on x.
  if (focus.size() == 2 && focus[0]->spec.isNamedChoice() && !focus[1]->spec.isNamedChoice())
    std::swap(focus[0], focus[1]);
  if (!focus.empty()) plan.xParam = focus[0];
  if (focus.size() > 1) plan.seriesParam = focus[1];

  plan.focus.params = params;
  plan.focus.x = plan.xParam ? params.get(plan.xParam->name) : 0;
  plan.focus.seriesKey = plan.seriesParam ? params.get(plan.seriesParam->name) : 0;
  plan.focus.isFocus = true;
  if (scope == RunScope::FocusOnly || !plan.xParam) {
    plan.points.push_back(plan.focus);
    return plan;
  }
  const std::vector<double> keys = plan.seriesParam ? paramSetValues(*plan.seriesParam) : std::vector<double>{0};
  for (double key : keys) {
    for (double x : paramSetValues(*plan.xParam)) {
      PlannedPoint point;
      point.params = params;
      point.params.set(plan.xParam->name, x);
      if (plan.seriesParam) point.params.set(plan.seriesParam->name, key);
      point.x = x;
      point.seriesKey = key;
      point.isFocus = std::abs(x - plan.focus.x) < 1e-9 && std::abs(key - plan.focus.seriesKey) < 1e-9;
      plan.points.push_back(std::move(point));
    }
  }
  return plan;
}

std::string variantLabel(const KernelHeader& header, const ParamSet& params) {
  std::string label;
  for (const UserParam& param : header.params) {
    if (param.use != ParamUse::Define && param.use != ParamUse::Template) continue;
    // A named choice is its name ("padded"), a number its param's ("ROWS 8").
    const std::string value = param.spec.valueText(params.get(param.name));
    label += (label.empty() ? "" : ", ") + (param.spec.isNamedChoice() ? value : param.name + " " + value);
  }
  return label.empty() ? "the kernel" : label;
}

std::string seriesName(const UserKernelPlan& plan, double key) {
  if (!plan.seriesParam) return "Kernel";
  return plan.seriesParam->spec.label + " " + plan.seriesParam->spec.valueText(key);
}

}  // namespace warpscope::labs::user_kernel
