#pragma once
/// \file occupancy_model.h
/// The simulator's side of the occupancy lab: the calculator needs nothing but the profile's
/// limits and allocation rules; the register-cap experiment is modelled from the kernel's
/// structure (register_cap_kernel.h) and two mechanisms of the profile (docs/labs/occupancy.md).

#include <vector>

#include "labs/occupancy/occupancy_lab.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// The profile's "register_cap_kernel" and "local_memory" mechanisms.
struct RegisterCapModelParams {
  int otherRegisters = 8;          ///< Registers besides the live values (seed, loop, addresses).
  double localAccessesPerClock = 1;  ///< Warp-wide 4-byte local-memory accesses an SM serves per cycle.
};

/// Reads and range-checks them (BadInputError naming the file and field).
RegisterCapModelParams registerCapModelParams(const sim::DeviceProfile& profile);

/// Each variant: registers min(needed, cap), the rest spilled (4 bytes per value), occupancy by
/// the calculator, and time = max(FMA time at the latency-arith model's fraction of peak for that
/// occupancy, local-memory time for one load and one store per spilled value per iteration).
std::vector<RegisterCapPoint> modelRegisterCaps(const sim::DeviceProfile& profile);

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateOccupancy(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
