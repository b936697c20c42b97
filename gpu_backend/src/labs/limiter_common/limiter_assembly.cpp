#include "labs/limiter_common/limiter_assembly.h"

#include <sstream>

#include "labs/limiter_common/limiter_shape.h"
#include "core/sweep_format.h"

namespace warpscope::labs {

RunResult limiterResultShell(const LabSpec& lab, const DeviceInfo& device, const ParamSet& params, RunScope scope) {
  RunResult result = resultShell(lab.id, device, params);
  result.focusOnly = scope == RunScope::FocusOnly;
  return result;
}

LimiterFocus limiterFocus(const ParamSet& params) {
  const int k = params.getInt("fmas_per_element");
  return {k, limiterIntensity(k)};
}

View intensityView(const LabSpec& lab, const std::string& viewId, const std::string& yLabel, bool logY,
                   const LimiterFocus& focus) {
  View view = declaredView(lab, viewId);
  view.xLabel = "Arithmetic intensity (flop per DRAM byte)";
  view.yLabel = yLabel;
  view.logX = true;
  view.logY = logY;
  view.focusX = focus.flopPerByte;
  view.hasFocus = true;
  return view;
}

std::string limiterFormatted(double v, int precision) {
  std::ostringstream s;
  s.precision(precision);
  s << v;
  return s.str();
}

}  // namespace warpscope::labs
