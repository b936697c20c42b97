#pragma once
// Lab "issue-slots" (Volkov, Better Performance at Lower Occupancy, part I; seed 003's SIMT
// issue): one SM sub-partition's warp scheduler, cycle by cycle. Each warp runs an in-order
// stream of FP32 operations; an instruction that needs an earlier result waits for the dependent
// latency, an independent one issues at once. The issue slots fill when warps (TLP) or independent
// instructions per warp (ILP) supply latency x throughput operations in flight (Little's law).
//
// The room's core, shared by both backends: the declaration, the programs, and the assembly of the
// scheduler model (mechanisms/warp_scheduler.h) with the latency-arith points beside it: the
// fma_pipeline model's in the simulator, measured FMA chains (cuda/fma_bench.h) on a GPU.

#include <map>
#include <utility>
#include <vector>

#include "core/lab_definition.h"
#include "mechanisms/device_profile.h"
#include "mechanisms/warp_scheduler.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kIssueSlotsId = "issue-slots";

/// The declaration (built once).
const LabSpec& issueSlotsSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition issueSlotsLab();

/// Warps per scheduler the xy view sweeps (1..kMaxWarps).
inline constexpr int kMaxWarpsPerScheduler = 16;
/// The ILPs whose latency-arith points sit beside the scheduler model.
inline constexpr int kBesideIlps[] = {1, 4};

/// The loop body each warp runs for the `program` and `ilp` parameters.
std::vector<StreamInstruction> programBody(const ParamSet& params);

/// Fraction of FP32 peak for `warps` warps per scheduler at `ilp` chains, keyed (ilp, warps):
/// measured on a GPU, the fma_pipeline model in the simulator.
using ArithPoints = std::map<std::pair<int, int>, double>;

/// Threads per SM for `warps` warps on each scheduler of the device.
int threadsPerSmFor(const DeviceInfo& device, int warps);

/// Views and scalars: the scheduler model on `model` (the device's own), the latency-arith
/// points beside it (`arithMeasured` says whether they were measured), and every shipped
/// profile's needed parallelism.
RunResult assembleIssueSlotsResult(const DeviceInfo& device, const ParamSet& params, const SchedulerModel& model,
                                   const ArithPoints& arith, bool arithMeasured);

}  // namespace warpscope::labs
