#pragma once
/// \file um_thrashing_lab.h
/// Lab "um-thrashing": CPU threads and a kernel on the same pages at the same time (optionally
/// through false sharing: small objects of each side packed into one page), the driver's
/// anti-thrashing heuristic (detect, throttle, pin and map remotely), and the advice policies
/// as the mitigation, side by side. Shared by both backends: the declaration, and the room the
/// family's shell runs (um_common/um_lab_run.h): one scenario per policy, the first (no advice)
/// the driver's heuristic alone, and the assembly (the model of a scenario in
/// um_thrashing_model.cpp, the GPU in um_thrashing_cuda.cpp).

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_thrashing/um_thrashing_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmThrashingId = "um-thrashing";

const LabSpec& umThrashingSpec();
LabDefinition umThrashingLab();
const um::PlanRoom<ThrashingScenario>& umThrashingRoom();

}  // namespace warpscope::labs
