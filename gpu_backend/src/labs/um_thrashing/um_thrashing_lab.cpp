#include "labs/um_thrashing/um_thrashing_lab.h"

#include <sstream>

#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_policy_room.h"
#include "labs/um_common/um_views.h"
#include "labs/um_thrashing/um_thrashing_cuda.h"
#include "labs/um_thrashing/um_thrashing_model.h"
#include "labs/um_thrashing/um_thrashing_presets.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kUmThrashingId;
  lab.title = "Unified memory: thrashing and its mitigation";
  lab.summary =
      "CPU threads and a kernel work on the same pages at the same time. Each touch by the other side migrates the "
      "page back: the driver notices pages bouncing (thrashing), makes the faulting side wait (throttling), and "
      "after repeated throttles pins the page and maps it remotely. False sharing does the same with data that is "
      "not shared at all: small objects of each side packed into one page (the seed's hypre example). Advice "
      "policies put the page in one place up front.";
  const ParamSpec objects = choiceParam(
      "objects_per_page", "Objects per shared page (false sharing)", "objects", {1, 2, 4, 8, 16, 32, 64}, 1,
      "1: the CPU and the GPU write the same data on shared pages. More: each shared page holds this many small "
      "objects, alternately the CPU's and the GPU's; neither touches the other's, yet they share the page.");
  lab.params = {
      um::bufferMibParam(16, {4, 16, 64}, "Size of the managed buffer the kernel works on."),
      intParam("shared_pct", "Pages the CPU also writes", "%", 0, 100, 5, 25,
               "Share of the buffer's pages the CPU threads write while the kernel runs; the rest only the GPU "
               "touches."),
      objects,
      intParam("cpu_threads", "CPU threads", "threads", 1, 8, 1, 2, "Host threads writing the shared pages."),
      intParam("duration_ms", "Kernel run time", "ms", 5, 200, 5, 10,
               "How long the kernel keeps sweeping the buffer (a persistent kernel with a time budget)."),
  };
  lab.views = {{"events-by-policy", "Thrashing, throttling and remote maps by policy", ViewKind::Bars},
               {"faults-by-policy", "Page faults by policy", ViewKind::Bars},
               {"throughput-by-policy", "Work done by policy (GB/s touched)", ViewKind::Bars}};
  um::finishPolicySpec(lab);
  lab.presets = umThrashingPresets();
  lab.keyFigures = {"thrashing.none.thrashing", "thrashing.none.kernel_gbps", "thrashing.preferred_cpu.kernel_gbps", "thrashing.accessed_by_gpu.kernel_gbps"};
  return lab;
}

/// The lab on a simulator profile, through the family's shell.
RunResult simulateUmThrashing(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  return um::simulatePlanRoom(umThrashingRoom(), profile, request, monitor);
}

}  // namespace

const LabSpec& umThrashingSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition umThrashingLab() {
  return {umThrashingSpec(), &simulateUmThrashing, WARPSCOPE_GPU_MEASUREMENT(measureUmThrashing), {"uvm"}};
}

namespace {

/// One scenario per policy, with the run's buffer, shared pages, objects, threads and duration.
std::vector<ThrashingScenario> thrashingPlan(const ParamSet& params) {
  ThrashingScenario s;
  s.bufferBytes = um::bufferBytes(params);
  s.sharedFraction = params.get("shared_pct") / 100.0;
  s.falseSharingObjectsPerPage = params.getInt("objects_per_page");
  s.cpuThreads = params.getInt("cpu_threads");
  s.durationMs = params.get("duration_ms");
  return um::onePerPolicy(s);
}

RunResult assembleUmThrashing(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run) {
  const LabSpec& lab = umThrashingSpec();
  RunResult result = um::umResultShell(kUmThrashingId, device, params, run.measured);
  using um::UmScenarioResult;
  View events = declaredView(lab, "events-by-policy");
  events.bars = um::scenarioBars("Policy", "Events (traced run)", run.scenarios,
                                 {um::counterFigure("thrashing", &um::UmCounters::thrashingEvents),
                                  um::counterFigure("throttling", &um::UmCounters::throttlingEvents),
                                  um::counterFigure("remote maps", &um::UmCounters::remoteMapEvents)},
                                 run.model);
  View work = declaredView(lab, "throughput-by-policy");
  work.bars = um::scenarioBars("Policy", "GB/s touched (median)", run.scenarios,
                               {{"kernel", [](const UmScenarioResult& s) { return um::phaseGbps(s, "kernel"); }},
                                {"CPU threads", [](const UmScenarioResult& s) { return um::phaseGbps(s, "cpu"); }}},
                               run.model);

  um::UmScenarioResult missing;
  const um::UmScenarioResult& shown = um::shownPolicyScenario(run, params, missing);
  result.views = um::withTraceViews(lab, {std::move(events), um::faultsByPolicyView(lab, run), std::move(work)}, shown);

  um::forEachPolicyScenario(run, "thrashing", [&](const UmScenarioResult& s, const std::string& prefix,
                                                  const std::string& label) {
    result.scalars.push_back({prefix + ".thrashing", label + "thrashing events",
                              static_cast<double>(s.counters.thrashingEvents), "events"});
    result.scalars.push_back({prefix + ".throttling", label + "throttling events",
                              static_cast<double>(s.counters.throttlingEvents), "events"});
    result.scalars.push_back({prefix + ".remote_maps", label + "remote maps",
                              static_cast<double>(s.counters.remoteMapEvents), "events"});
    result.scalars.push_back({prefix + ".gpu_faults", label + "GPU faults", static_cast<double>(s.counters.gpuFaults), "faults"});
    result.scalars.push_back({prefix + ".cpu_faults", label + "CPU faults", static_cast<double>(s.counters.cpuFaults), "faults"});
    result.scalars.push_back({prefix + ".kernel_gbps", label + "kernel GB/s touched", um::phaseGbps(s, "kernel").value, "GB/s"});
  });
  std::ostringstream what;
  what << "A kernel sweeps a " << params.getInt("buffer_mib") << " MiB managed buffer for " << params.getInt("duration_ms")
       << " ms while " << params.getInt("cpu_threads") << " CPU threads write " << params.getInt("shared_pct")
       << "% of its pages";
  if (params.getInt("objects_per_page") > 1)
    what << " (false sharing: " << params.getInt("objects_per_page")
         << " small objects per shared page, alternately the CPU's and the GPU's)";
  what << "; each policy is set before the run.";
  result.notes.push_back(what.str());
  um::addRunNotes(result, run, &shown);
  return result;
}

}  // namespace

const um::PlanRoom<ThrashingScenario>& umThrashingRoom() {
  static const um::PlanRoom<ThrashingScenario> room{thrashingPlan, um::policyScenarioName<ThrashingScenario>,
                                                    simulateThrashingScenario, assembleUmThrashing};
  return room;
}

}  // namespace warpscope::labs
