#pragma once
/// \file um_multi_gpu_lab.h
/// Lab "um-multi-gpu": one managed buffer used by two GPUs: first-touch placement, read
/// duplication with ReadMostly, SetAccessedBy remote mapping against migration, and the peer
/// link's bandwidth. On a machine with one GPU the simulator covers it. Shared by both backends:
/// the declaration, and the room the family's shell runs (um_common/um_lab_run.h): one scenario
/// per mode and the assembly (the model of a scenario in um_multi_gpu_model.cpp, the GPUs in
/// um_multi_gpu_cuda.cpp).

#include "core/lab_definition.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_multi_gpu/um_multi_gpu_scenario.h"

namespace warpscope::labs {

inline constexpr const char* kUmMultiGpuId = "um-multi-gpu";

const LabSpec& umMultiGpuSpec();
LabDefinition umMultiGpuLab();
const um::PlanRoom<MultiGpuScenario>& umMultiGpuRoom();

}  // namespace warpscope::labs
