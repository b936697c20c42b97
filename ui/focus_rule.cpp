#include "focus_rule.h"

namespace warpscope::ui {

RunScope scopeForChange(const LabSpec& lab, const ParamSet& values, bool focusOnly, const std::optional<ParamSet>& sweep) {
  return focusOnly && sweep && lab.sameSweep(values, *sweep) ? RunScope::FocusOnly : RunScope::FullSweep;
}

}  // namespace warpscope::ui
