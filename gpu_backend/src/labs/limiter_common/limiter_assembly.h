#pragma once
/// \file limiter_assembly.h
/// What the limiter and roofline labs' assemblies share, written once: a result that knows whether
/// it is a focus-only run, the focus (K and its intensity), and the views over arithmetic
/// intensity with the focus highlighted. Each lab adds its own series, scalars and notes.

#include <string>

#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/params.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The result shell of `lab` on `device` with `params`, marked focus-only for a FocusOnly run.
RunResult limiterResultShell(const LabSpec& lab, const DeviceInfo& device, const ParamSet& params, RunScope scope);

/// The highlighted point: K (fmas_per_element) and its arithmetic intensity, flop per DRAM byte.
struct LimiterFocus {
  int fmasPerElement = 0;
  double flopPerByte = 0;
};
LimiterFocus limiterFocus(const ParamSet& params);

/// The declared view `viewId` against arithmetic intensity (flop per DRAM byte, log x), its y
/// axis labelled yLabel (log when logY), the focus intensity highlighted.
View intensityView(const LabSpec& lab, const std::string& viewId, const std::string& yLabel, bool logY,
                   const LimiterFocus& focus);

/// v printed with `precision` significant digits ("0.6", "12.5", "3.35e+03").
std::string limiterFormatted(double v, int precision = 3);

}  // namespace warpscope::labs
