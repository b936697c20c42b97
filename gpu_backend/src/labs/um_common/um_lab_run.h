#pragma once
/// \file um_lab_run.h
/// How every um-* room runs its plan, written once: each planned scenario on the backend at
/// hand (the UVM model, or the GPU with CUPTI), with progress and cancellation, and on a GPU the
/// same plan on the closest profile's model for the "(model)" bars.

#include <functional>
#include <string>
#include <vector>

#include "core/run_monitor.h"
#include "labs/um_common/um_trace.h"
#include "warpscope/device.h"
#include "warpscope/params.h"
#include "warpscope/result.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs::um {

/// A room's scenarios as run, and on a GPU the model's run of the same plan.
struct UmRun {
  std::vector<UmScenarioResult> scenarios;
  std::vector<UmScenarioResult> model;  ///< Empty on a simulator device or without a profile.
  bool measured = false;
  std::string modelProfile;             ///< "H200 SXM (model)": the profile the model ran with.
};

/// Runs plan[i] through `run` for every i in order, naming each result `name(plan[i])`, with a
/// progress step (and a cancellation point) before each.
template <typename Scenario>
std::vector<UmScenarioResult> runPlan(const std::vector<Scenario>& plan, RunMonitor& monitor,
                                      const std::function<std::string(const Scenario&)>& name,
                                      const std::function<UmScenarioResult(const Scenario&)>& run) {
  std::vector<UmScenarioResult> results;
  results.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) {
    monitor.step(i, plan.size(), name(plan[i]));
    results.push_back(run(plan[i]));
    results.back().name = name(plan[i]);
  }
  monitor.throwIfCancelled();
  return results;
}

/// The model of the same plan on the profile closest to a measured GPU (sim::closestEmbeddedProfile),
/// for comparison; empty (and profileName "") when no profile loads or the model cannot run it
/// (the reason is appended to notes).
template <typename Scenario>
std::vector<UmScenarioResult> modelForComparison(
    const DeviceInfo& gpu, const std::vector<Scenario>& plan, const std::function<std::string(const Scenario&)>& name,
    const std::function<UmScenarioResult(const sim::DeviceProfile&, const Scenario&)>& simulate,
    std::string* profileName, std::vector<std::string>* notes);

/// A GPU run of the plan: each scenario measured by `measure`, then the same plan on the
/// closest profile's model (modelForComparison), with its notes.
template <typename Scenario>
UmRun measureWithModel(const DeviceInfo& gpu, const std::vector<Scenario>& plan, RunMonitor& monitor,
                       const std::function<std::string(const Scenario&)>& name,
                       const std::function<UmScenarioResult(const Scenario&)>& measure,
                       const std::function<UmScenarioResult(const sim::DeviceProfile&, const Scenario&)>& simulate,
                       std::vector<std::string>* notes) {
  UmRun run;
  run.measured = true;
  run.scenarios = runPlan<Scenario>(plan, monitor, name, measure);
  run.model = modelForComparison<Scenario>(gpu, plan, name, simulate, &run.modelProfile, notes);
  monitor.done();
  return run;
}

/// The managed buffer's size in MiB, one of `choices` (memoryUnitBytes = 1 MiB, so a real GPU
/// caps it at half of its free memory).
ParamSpec bufferMibParam(double defaultMib, std::vector<double> choices, std::string help);

/// A result with the lab, device, parameters and provenance filled in.
RunResult umResultShell(const std::string& labId, const DeviceInfo& device, const ParamSet& params, bool measured);

/// The notes every um-* result carries: where the trace came from, the model's profile and the
/// notes the scenarios left (checks performed), each once.
void addRunNotes(RunResult& result, const UmRun& run, const UmScenarioResult* traced);

/// Scalars "<prefix>.gpu_faults", ".gpu_fault_groups", ".cpu_faults", ".bytes_htod",
/// ".bytes_dtoh" (and DtoD, thrashing, throttling, remote maps when non-zero) of a scenario;
/// none when its trace was not captured (no counts is not zero counts).
void addCounterScalars(RunResult& result, const std::string& prefix, const std::string& labelPrefix,
                       const UmScenarioResult& scenario);

}  // namespace warpscope::labs::um

#include "labs/um_common/um_lab_run_impl.h"
