#include "labs/um_policies/um_policies_lab.h"

#include <sstream>

#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_policy_names.h"
#include "labs/um_common/um_views.h"
#include "labs/um_policies/um_policies_model.h"
#include "labs/um_policies/um_policies_presets.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kUmPoliciesId;
  lab.title = "Unified memory: advice policies (CPU and GPU in turn)";
  lab.summary =
      "The CPU writes the data, a kernel uses it, the CPU reads the result, again and again. With no advice the "
      "pages migrate back and forth on faults. SetReadMostly keeps read-only copies on both sides (a write "
      "collapses them); SetPreferredLocation keeps the pages where you say and lets the other side map them "
      "remotely; SetAccessedBy maps them into the GPU so it reads over the link without faulting.";
  const ParamSpec iterations = intParam("iterations", "Iterations", "x", 1, 16, 1, 4,
                                        "CPU-write, kernel, CPU-read rounds per run (after one warm-up round).");
  const ParamSpec cpuWrite =
      intParam("cpu_write_pct", "Share the CPU rewrites each round", "%", 0, 100, 5, 100,
               "Part of the buffer the CPU writes at the start of each round; the rest it leaves alone.");
  lab.params = {
      um::bufferMibParam(16, {4, 16, 64, 256, 1024}, "Size of the managed buffer the CPU and the GPU share."),
      iterations,
      cpuWrite,
      namedChoiceParam("gpu_access", "The kernel", {"reads", "reads and writes"}, 0,
                       "Whether the kernel only reads the data or also writes it back (a GPU write collapses "
                       "ReadMostly copies)."),
      namedChoiceParam("shown", "Timeline and page map show", um::policyNames(), 0,
                       "Which policy's unified-memory trace the timeline and the page map show."),
  };
  // Every repetition migrates the buffer over the host link (and back): no sweep-time target.
  lab.gpuSweepTargetS = 0;
  lab.simSweepTargetS = 0;
  lab.views = {{"time-by-policy", "Time per round by phase and policy (ms)", ViewKind::Bars},
               {"bytes-by-policy", "Bytes migrated by policy (MiB, whole run)", ViewKind::Bars},
               {"faults-by-policy", "Page faults by policy (whole run)", ViewKind::Bars},
               {"um-timeline", "Unified memory timeline", ViewKind::Timeline},
               {"page-map", "Where each page lives", ViewKind::Grid}};
  lab.presets = umPoliciesPresets();
  lab.docPage = "labs/unified-memory.md";
  lab.keyFigures = {"policies.none.round_ms", "policies.read_mostly.round_ms", "policies.preferred_cpu.round_ms", "policies.accessed_by_gpu.round_ms"};
  return lab;
}

}  // namespace

const LabSpec& umPoliciesSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition umPoliciesLab() {
  return {umPoliciesSpec(), &simulateUmPolicies, WARPSCOPE_GPU_MEASUREMENT(measureUmPolicies), {"uvm"}};
}

std::string policiesScenarioName(const PoliciesScenario& s) { return um::policyLabel(s.policy); }

std::vector<PoliciesScenario> policiesPlan(const ParamSet& params) {
  std::vector<PoliciesScenario> plan;
  for (int p = 0; p < um::kPolicyCount; ++p) {
    PoliciesScenario s;
    s.policy = static_cast<UmPolicy>(p);
    s.bufferBytes = static_cast<std::uint64_t>(params.getInt("buffer_mib")) << 20;
    s.iterations = params.getInt("iterations");
    s.gpuWrites = params.getInt("gpu_access") == 1;
    s.cpuWriteFraction = params.get("cpu_write_pct") / 100.0;
    plan.push_back(s);
  }
  return plan;
}

RunResult simulateUmPolicies(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  um::UmRun run;
  run.scenarios = um::runPlan<PoliciesScenario>(policiesPlan(request.params), monitor, policiesScenarioName,
                                                [&](const PoliciesScenario& s) { return simulatePoliciesScenario(profile, s); });
  monitor.done();
  return assembleUmPolicies(profile.info, request.params, run);
}

RunResult assembleUmPolicies(const DeviceInfo& device, const ParamSet& params, const um::UmRun& run) {
  const LabSpec& lab = umPoliciesSpec();
  RunResult result = um::umResultShell(kUmPoliciesId, device, params, run.measured);
  using um::UmScenarioResult;
  View time = declaredView(lab, "time-by-policy");
  time.bars = um::scenarioBars("Policy", "ms per round (median)", run.scenarios,
                               {{"CPU writes", [](const UmScenarioResult& s) { return um::phaseMs(s, "cpu-init"); }},
                                {"kernel", [](const UmScenarioResult& s) { return um::phaseMs(s, "kernel"); }},
                                {"CPU reads", [](const UmScenarioResult& s) { return um::phaseMs(s, "cpu-use"); }},
                                {"round", [](const UmScenarioResult& s) { return um::phaseMs(s, "iteration"); }}},
                               run.model);
  View bytes = declaredView(lab, "bytes-by-policy");
  bytes.bars = um::scenarioBars(
      "Policy", "MiB over the traced run", run.scenarios,
      {{"host to device", [](const UmScenarioResult& s) { return um::exactBar(um::mebibytes(s.counters.bytesHtoD)); }},
       {"device to host", [](const UmScenarioResult& s) { return um::exactBar(um::mebibytes(s.counters.bytesDtoH)); }}},
      run.model);
  View faults = declaredView(lab, "faults-by-policy");
  faults.bars = um::scenarioBars(
      "Policy", "Faults over the traced run", run.scenarios,
      {{"GPU faults", [](const UmScenarioResult& s) { return um::exactBar(static_cast<double>(s.counters.gpuFaults)); }},
       {"CPU faults", [](const UmScenarioResult& s) { return um::exactBar(static_cast<double>(s.counters.cpuFaults)); }}},
      run.model);

  const auto shownPolicy = static_cast<UmPolicy>(params.getInt("shown"));
  um::UmScenarioResult missing;
  const um::UmScenarioResult& shown = um::shownScenario(run.scenarios, um::policyLabel(shownPolicy), missing);
  result.views = {std::move(time), std::move(bytes), std::move(faults),
                  um::umTimelineView(lab, "um-timeline", shown.trace, shown.name),
                  um::pageMapView(lab, "page-map", shown.trace, shown.name)};

  for (int p = 0; p < um::kPolicyCount; ++p) {
    const auto policy = static_cast<UmPolicy>(p);
    const UmScenarioResult* s = um::findScenario(run.scenarios, um::policyLabel(policy));
    if (!s) continue;
    const std::string prefix = "policies." + um::policyKey(policy);
    const std::string label = um::policyLabel(policy) + ": ";
    result.scalars.push_back({prefix + ".round_ms", label + "time per round", um::phaseMs(*s, "iteration").value, "ms"});
    result.scalars.push_back({prefix + ".htod_mib", label + "MiB host to device", um::mebibytes(s->counters.bytesHtoD), "MiB"});
    result.scalars.push_back({prefix + ".dtoh_mib", label + "MiB device to host", um::mebibytes(s->counters.bytesDtoH), "MiB"});
    result.scalars.push_back({prefix + ".gpu_faults", label + "GPU faults", static_cast<double>(s->counters.gpuFaults), "faults"});
    result.scalars.push_back({prefix + ".cpu_faults", label + "CPU faults", static_cast<double>(s->counters.cpuFaults), "faults"});
  }
  std::ostringstream what;
  what << "Each round: the CPU writes " << params.getInt("cpu_write_pct") << "% of a " << params.getInt("buffer_mib")
       << " MiB managed buffer, a kernel " << (params.getInt("gpu_access") == 1 ? "reads and writes" : "reads")
       << " all of it, the CPU reads all of it and checks the kernel's work; " << params.getInt("iterations")
       << " rounds after a warm-up round, the policy set once before the first. Bytes and faults count the whole "
          "traced run.";
  result.notes.push_back(what.str());
  um::addRunNotes(result, run, &shown);
  return result;
}

}  // namespace warpscope::labs
