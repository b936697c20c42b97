#pragma once
/// \file instruction_costs_model.h
/// The simulator's model of instruction-costs: each kind's operation is the instructions its SASS
/// executes by class (instruction_costs_kinds.h, decoded from the lab's sm_90 code), run at the
/// profile's per-class rates (mechanisms/instruction_throughput.h, the Programming Guide's table):
/// the busiest class, or the issue slots, set the throughput. Too few chains in flight for
/// Little's law scale it down. Never a lookup of an answer.

#include <vector>

#include "core/run_monitor.h"
#include "labs/instruction_costs/instruction_costs_lab.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// Every kind's modelled throughput on `device` with threadsPerSm threads of kInstructionChains
/// chains each (the profile supplies the rates and the FMA latency).
std::vector<InstructionCostPoint> modelInstructionCosts(const sim::DeviceProfile& profile, const DeviceInfo& device,
                                                        int threadsPerSm);

/// The model's SASS counts: the table's static instructions per operation, with its source.
SassReading modelSassReading();

/// LabDefinition::simulate.
RunResult simulateInstructionCosts(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
