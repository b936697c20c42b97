#pragma once
/// \file um_policies_lab.h
/// Lab "um-policies": data used in turn by the CPU and the GPU, under each cudaMemAdvise policy
/// side by side (no advice, ReadMostly, PreferredLocation CPU or GPU, AccessedBy GPU): time per
/// iteration, bytes moved each way and faults. Shared by both backends: the declaration, and the
/// room the family's shell runs (um_common/um_lab_run.h): one scenario per policy and the
/// assembly (the model of a scenario in um_policies_model.cpp, the GPU in um_policies_cuda.cpp).

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_policies/um_policies_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmPoliciesId = "um-policies";

const LabSpec& umPoliciesSpec();
LabDefinition umPoliciesLab();
const um::PlanRoom<PoliciesScenario>& umPoliciesRoom();

}  // namespace warpscope::labs
