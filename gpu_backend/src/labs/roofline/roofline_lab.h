#pragma once
// Lab "roofline": the limiter family's full kernel at every intensity, as achieved GFLOP/s against
// flop per DRAM byte, log-log, under the device's two ceilings - the copy bandwidth (a slanted
// roof: bandwidth x intensity) and the FMA peak (flat) - which meet at the ridge point.
//
// The points and ceilings come from the limiter room (labs/limiter): its plan, its model on a
// simulator and its bench on a GPU. This room adds the roofline's assembly and its targets.

#include <vector>

#include "core/lab_definition.h"
#include "labs/limiter_common/limiter_family.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kRooflineId = "roofline";

/// The declaration (built once).
const LabSpec& rooflineSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition rooflineLab();

/// The roof at intensity x (flop/byte): min(bandwidth x x, FMA peak), GFLOP/s.
double rooflineAt(const LimiterCeilings& ceilings, double flopPerByte);

/// Turns the full kernel's time per K (LimiterPoint::full; the other variants are ignored) into
/// the roofline views and scalars. `modelled`: the points come from the model.
RunResult assembleRooflineResult(const DeviceInfo& device, const ParamSet& params,
                                 const std::vector<LimiterPoint>& points, const LimiterCeilings& ceilings,
                                 std::size_t elements, int blocksPerSm, RunScope scope, bool modelled);

/// The best points within 10% of each ceiling, and no point above the roof by more than the
/// ceilings' measurement noise (gate on a GPU only).
std::vector<BenchCheck> rooflineBenchChecks(const RunResult& sweep, const DeviceInfo& device);

/// The lab on a simulator profile and on a CUDA device.
RunResult simulateRoofline(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);
RunResult measureRoofline(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
