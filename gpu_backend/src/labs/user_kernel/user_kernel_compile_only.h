#pragma once
// A user's kernel without a GPU (a simulator profile): each variant compiled with NVRTC for the
// profile's architecture, its registers and shared memory from ptxas, the occupancy they allow by
// the device's rules. Never a time: the simulator has no model of the user's code. In every
// build: NVRTC is opened at run time (cuda/nvrtc_compiler.h).

#include "core/lab_definition.h"

namespace warpscope::labs::user_kernel {

RunResult compileUserKernelOnly(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs::user_kernel
