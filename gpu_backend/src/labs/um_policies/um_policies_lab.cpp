#include "labs/um_policies/um_policies_lab.h"

#include <sstream>

#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_policy_room.h"
#include "labs/um_common/um_views.h"
#include "labs/um_policies/um_policies_cuda.h"
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
  };
  lab.views = {{"time-by-policy", "Time per round by phase and policy (ms)", ViewKind::Bars},
               {"bytes-by-policy", "Bytes migrated by policy (MiB, whole run)", ViewKind::Bars},
               {"faults-by-policy", "Page faults by policy (whole run)", ViewKind::Bars}};
  um::finishPolicySpec(lab);
  lab.presets = umPoliciesPresets();
  lab.keyFigures = {"policies.none.round_ms", "policies.read_mostly.round_ms", "policies.preferred_cpu.round_ms", "policies.accessed_by_gpu.round_ms"};
  return lab;
}

/// The lab on a simulator profile, through the family's shell.
RunResult simulateUmPolicies(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  return um::simulatePlanRoom(umPoliciesRoom(), profile, request, monitor);
}

}  // namespace

const LabSpec& umPoliciesSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition umPoliciesLab() {
  return {umPoliciesSpec(), &simulateUmPolicies, WARPSCOPE_GPU_MEASUREMENT(measureUmPolicies), {"uvm"}};
}

namespace {

/// One scenario per policy, with the run's buffer, iterations and access pattern.
std::vector<PoliciesScenario> policiesPlan(const ParamSet& params) {
  PoliciesScenario s;
  s.bufferBytes = um::bufferBytes(params);
  s.iterations = params.getInt("iterations");
  s.gpuWrites = params.getInt("gpu_access") == 1;
  s.cpuWriteFraction = params.get("cpu_write_pct") / 100.0;
  return um::onePerPolicy(s);
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
  bytes.bars = um::scenarioBars("Policy", "MiB over the traced run", run.scenarios,
                                {um::mebibyteFigure("host to device", &um::UmCounters::bytesHtoD),
                                 um::mebibyteFigure("device to host", &um::UmCounters::bytesDtoH)},
                                run.model);

  um::UmScenarioResult missing;
  const um::UmScenarioResult& shown = um::shownPolicyScenario(run, params, missing);
  result.views = um::withTraceViews(lab, {std::move(time), std::move(bytes), um::faultsByPolicyView(lab, run)}, shown);

  um::forEachPolicyScenario(run, "policies", [&](const UmScenarioResult& s, const std::string& prefix,
                                                 const std::string& label) {
    result.scalars.push_back({prefix + ".round_ms", label + "time per round", um::phaseMs(s, "iteration").value, "ms"});
    result.scalars.push_back({prefix + ".htod_mib", label + "MiB host to device", um::mebibytes(s.counters.bytesHtoD), "MiB"});
    result.scalars.push_back({prefix + ".dtoh_mib", label + "MiB device to host", um::mebibytes(s.counters.bytesDtoH), "MiB"});
    result.scalars.push_back({prefix + ".gpu_faults", label + "GPU faults", static_cast<double>(s.counters.gpuFaults), "faults"});
    result.scalars.push_back({prefix + ".cpu_faults", label + "CPU faults", static_cast<double>(s.counters.cpuFaults), "faults"});
  });
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

}  // namespace

const um::PlanRoom<PoliciesScenario>& umPoliciesRoom() {
  static const um::PlanRoom<PoliciesScenario> room{policiesPlan, um::policyScenarioName<PoliciesScenario>,
                                                   simulatePoliciesScenario, assembleUmPolicies};
  return room;
}

}  // namespace warpscope::labs
