#pragma once
/// \file issue_slots_model.h
/// issue-slots in the simulator: the profile's scheduler model, and latency-arith's fma_pipeline
/// model beside it.

#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// LabDefinition::simulate.
RunResult simulateIssueSlots(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
