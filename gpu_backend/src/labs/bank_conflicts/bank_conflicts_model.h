#pragma once
/// \file bank_conflicts_model.h
/// The simulator's model of bank conflicts: the bank rule (mechanisms/shared_memory.h) gives a
/// request's wavefronts; each wavefront is one cycle of the SM's shared-memory pipe, which delivers
/// at most shared_memory.bytes_per_clock_per_sm. With the SM full of warps (as the lab runs it),
/// bytes delivered per clock = the request's bytes / its wavefronts, at most that bandwidth.

#include "labs/bank_conflicts/bank_conflicts_lab.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

/// The rule's wavefronts and the model's bytes per clock per SM for one configuration.
BankPoint bankModelPoint(const sim::DeviceProfile& profile, const BankConfig& config);

/// Every configuration of the plan on the model (strided sweep and the four named patterns).
BankRun bankModelRun(const sim::DeviceProfile& profile, const BankPlan& plan);

/// The four named patterns at a word size: stride 1, broadcast, transpose, padded transpose.
std::vector<BankConfig> bankNamedPatterns(int wordBytes);

RunResult simulateBankConflicts(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
