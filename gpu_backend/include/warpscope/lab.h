#pragma once
/// \file lab.h
/// A lab's declaration: its parameters and the views it outputs. One declaration serves both
/// backends, the GUI and the CLI.

#include <string>
#include <vector>

#include "warpscope/params.h"

namespace warpscope {

/// Declares one chart a lab produces.
struct ViewSpec {
  std::string id;
  std::string title;
};

struct LabSpec {
  std::string id;       ///< e.g. "latency-arith".
  std::string title;    ///< e.g. "Hiding arithmetic latency (Volkov I)".
  std::string summary;  ///< One paragraph for the lab list's tooltip and `describe`.
  std::vector<ParamSpec> params;
  std::vector<ViewSpec> views;
};

/// What a run request covers.
enum class RunScope {
  FullSweep,  ///< Every point of every series.
  FocusOnly,  ///< Only the point the Focus parameters select (fast slider feedback).
};

/// One request to a backend.
struct RunRequest {
  std::string labId;
  std::string deviceId;
  ParamSet params;
  RunScope scope = RunScope::FullSweep;
};

}  // namespace warpscope
