#pragma once
/// \file um_fault_group_views.h
/// Room "um-fault-path": the fault-group run's views, the same on both backends. On a GPU the
/// measured groups (CUPTI) with the model's batches of the same kernel beside them; on the
/// simulator the model's batches alone, named as the model's.
///   fault-groups           timeline: one row for the groups, one per cause of host-to-device copy
///   fault-group-durations  xy: group index (start order) against its duration, per side
///   fault-group-pages      xy: group index against the 4 KiB pages migrated in it, per side

#include <string>
#include <vector>

#include "labs/um_common/um_trace.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// Short: the legend beside a chart at 1280x720 shows about 16 characters.
inline constexpr const char* kMeasuredGroupsSeries = "CUPTI's groups";
inline constexpr const char* kModelGroupsSeries = "model's batches";

/// The three views. `measured`: the GPU's run (nullptr on the simulator); `model`: the model's
/// run of the same kernel. The timeline draws the measured trace when there is one, else the
/// model's; an uncaptured measured trace leaves the timeline empty, its title saying why, and
/// the xy views the model's series alone.
std::vector<View> faultGroupViews(const LabSpec& lab, const um::UmScenarioResult* measured,
                                  const um::UmScenarioResult& model);

}  // namespace warpscope::labs
