#include "labs/um_common/um_lab_run.h"

#include <algorithm>

#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/um_common/um_views.h"

namespace warpscope::labs::um {

ParamSpec bufferMibParam(double defaultMib, std::vector<double> choices, std::string help) {
  ParamSpec p = choiceParam("buffer_mib", "Managed buffer", "MiB", std::move(choices), defaultMib, std::move(help));
  p.memoryUnitBytes = 1024.0 * 1024.0;
  return p;
}

void finishUmSpec(LabSpec& lab, const std::vector<std::string>& shownChoices, const std::string& shownHelp,
                  const std::vector<std::string>& shownLabels) {
  lab.params.push_back(
      namedChoiceParam("shown", "Timeline and page map show", shownChoices, 0, shownHelp, ParamRole::Sweep, shownLabels));
  // Every repetition migrates the buffer over the host link (and back): no sweep-time target.
  lab.gpuSweepTargetS = 0;
  lab.simSweepTargetS = 0;
  lab.views.push_back({"um-timeline", "Unified memory timeline", ViewKind::Timeline});
  lab.views.push_back({"page-map", "Where each page lives", ViewKind::Grid});
  lab.docPage = "labs/unified-memory.md";
}

std::uint64_t bufferBytes(const ParamSet& params) {
  return static_cast<std::uint64_t>(params.getInt("buffer_mib")) << 20;
}

RunResult umResultShell(const std::string& labId, const DeviceInfo& device, const ParamSet& params, bool measured) {
  RunResult result = resultShell(labId, device, params);
  result.provenance = measured ? Provenance::Measured : Provenance::Simulated;
  return result;
}

std::vector<View> withTraceViews(const LabSpec& lab, std::vector<View> own, const UmScenarioResult& shown) {
  own.push_back(umTimelineView(lab, "um-timeline", shown.trace, shown.name));
  own.push_back(pageMapView(lab, "page-map", shown.trace, shown.name));
  return own;
}

void addRunNotes(RunResult& result, const UmRun& run, const UmScenarioResult* traced) {
  if (traced) result.notes.push_back(traceNote(*traced));
  if (run.measured) {
    if (!run.modelProfile.empty())
      result.notes.push_back("Bars marked (model) are the simulator's UVM model of the same scenarios with " +
                             run.modelProfile + " (how: Help > About this lab).");
  }
  std::vector<std::string> seen;
  for (const UmScenarioResult& s : run.scenarios)
    for (const std::string& note : s.notes) {
      const std::string line = s.name + ": " + note;
      if (std::find(seen.begin(), seen.end(), note) != seen.end()) continue;
      seen.push_back(note);
      result.notes.push_back(line);
    }
}

void addCounterScalars(RunResult& result, const std::string& prefix, const std::string& labelPrefix,
                       const UmScenarioResult& scenario) {
  if (!scenario.trace.captured) return;
  const UmCounters& c = scenario.counters;
  auto add = [&](const std::string& id, const std::string& label, double value, const std::string& unit) {
    result.scalars.push_back({prefix + "." + id, labelPrefix + label, value, unit});
  };
  add("gpu_faults", "GPU page faults", static_cast<double>(c.gpuFaults), "faults");
  add("gpu_fault_groups", "GPU fault batches", static_cast<double>(c.gpuFaultGroups), "batches");
  add("gpu_faulted_pages", "Pages migrated to a GPU on a fault", static_cast<double>(c.gpuFaultedPages), "pages");
  add("cpu_faults", "CPU page faults", static_cast<double>(c.cpuFaults), "faults");
  add("bytes_htod", "Bytes host to device", static_cast<double>(c.bytesHtoD), "B");
  add("bytes_dtoh", "Bytes device to host", static_cast<double>(c.bytesDtoH), "B");
  if (c.bytesDtoD) add("bytes_dtod", "Bytes device to device", static_cast<double>(c.bytesDtoD), "B");
  if (c.thrashingEvents) add("thrashing", "Thrashing events", static_cast<double>(c.thrashingEvents), "events");
  if (c.throttlingEvents) add("throttling", "Throttling events", static_cast<double>(c.throttlingEvents), "events");
  if (c.remoteMapEvents) add("remote_maps", "Remote maps", static_cast<double>(c.remoteMapEvents), "events");
  if (c.evictedBytes) add("bytes_evicted", "Bytes evicted", static_cast<double>(c.evictedBytes), "B");
}

}  // namespace warpscope::labs::um
