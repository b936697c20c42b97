#pragma once
/// \file um_fault_path_views.h
/// Room "um-fault-path": the fault path's stage-by-stage timeline (seed slides 8-13 and 56), one
/// row per warp, then the fault buffer, the driver, the CPU's page table, the host link and the
/// GPU's page table; the step control stops at each stage.

#include <string>

#include "labs/um_common/uvm_fault_path.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

View faultPathTimeline(const LabSpec& lab, const std::string& viewId, const um::FaultPathRun& run,
                       const um::FaultPathExample& example);

}  // namespace warpscope::labs
