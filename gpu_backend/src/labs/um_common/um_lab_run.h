#pragma once
/// \file um_lab_run.h
/// How every um-* room runs its plan, written once: each planned scenario on the backend at
/// hand (the UVM model, or the GPU with CUPTI), with progress and cancellation, and on a GPU the
/// same plan on the closest profile's model for the "(model)" bars; the shell of a room that runs
/// a plan (PlanRoom), and what every um-* declaration and result share.

#include <functional>
#include <string>
#include <vector>

#include "core/run_monitor.h"
#include "labs/um_common/um_trace.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
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

/// Timed repetitions per scenario on a GPU, in every room (after one warm-up; one more is traced).
inline constexpr int kTimedReps = 3;

/// A um-* room that runs a plan of scenarios, as the shell below runs it on either backend. The
/// room keeps only what is its own: the plan its parameters make, each scenario's name (the
/// bars' category), the model of one scenario, and the assembly of the run. Its GPU side
/// (<lab>_cuda.cpp) adds one scenario on the GPU whose context is current: the phases timed with
/// CUDA events after a warm-up repetition (median and spread over kTimedReps), every kernel's
/// output checked (CheckFailed when it is wrong), one more repetition captured with CUPTI's
/// unified-memory counters (um_capture.h) where the platform allows it (otherwise the trace says
/// why not, and only timings are reported), and never more managed memory than half of the
/// device's free memory (BadInputError naming the cap, um_support.h).
template <typename Scenario>
struct PlanRoom {
  std::vector<Scenario> (*plan)(const ParamSet& params);
  std::string (*name)(const Scenario& scenario);
  UmScenarioResult (*simulate)(const sim::DeviceProfile& profile, const Scenario& scenario);
  RunResult (*assemble)(const DeviceInfo& device, const ParamSet& params, const UmRun& run);
};

/// The room on a simulator profile: its plan on the model, assembled.
template <typename Scenario>
RunResult simulatePlanRoom(const PlanRoom<Scenario>& room, const sim::DeviceProfile& profile,
                           const RunRequest& request, RunMonitor& monitor);

/// The room on a GPU: each scenario through `measure`, the same plan on the closest profile's
/// model beside it (measureWithModel), assembled, then the model's notes.
template <typename Scenario>
RunResult measurePlanRoom(const PlanRoom<Scenario>& room, const DeviceInfo& gpu, const RunRequest& request,
                          RunMonitor& monitor, const std::function<UmScenarioResult(const Scenario&)>& measure);

/// What every um-* declaration ends with, after the room's own parameters and views: the
/// "shown" choice (which of `shownChoices` the timeline and the page map show; its help says
/// which), the timeline and the page-map views, no sweep-time target (every repetition migrates
/// the buffer over the host link and back) and the family's doc page.
/// `shownLabels`: what the screen says for each of `shownChoices` (the command line's names).
void finishUmSpec(LabSpec& lab, const std::vector<std::string>& shownChoices, const std::string& shownHelp,
                  const std::vector<std::string>& shownLabels = {});

/// The managed buffer's size in MiB, one of `choices` (memoryUnitBytes = 1 MiB, so a real GPU
/// caps it at half of its free memory).
ParamSpec bufferMibParam(double defaultMib, std::vector<double> choices, std::string help);
/// The run's managed buffer (buffer_mib) in bytes.
std::uint64_t bufferBytes(const ParamSet& params);

/// A result with the lab, device, parameters and provenance filled in.
RunResult umResultShell(const std::string& labId, const DeviceInfo& device, const ParamSet& params, bool measured);

/// A um-* result's views: the room's own, then the timeline and the page map of `shown` (the
/// order finishUmSpec declares them in).
std::vector<View> withTraceViews(const LabSpec& lab, std::vector<View> own, const UmScenarioResult& shown);

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
