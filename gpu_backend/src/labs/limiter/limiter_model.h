#pragma once
/// \file limiter_model.h
/// The limiter lab on a simulator profile: the family's model (labs/limiter_common/
/// limiter_family_model.h) for the three kernels, assembled with the model's bounds in a note.

#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateLimiter(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
