#include "labs/um_common/um_policy_room.h"

#include "core/sweep_format.h"
#include "labs/um_common/um_views.h"

namespace warpscope::labs::um {

void finishPolicySpec(LabSpec& lab) {
  std::vector<std::string> labels;
  for (int p = 0; p < static_cast<int>(policyNames().size()); ++p) labels.push_back(policyLabel(static_cast<UmPolicy>(p)));
  finishUmSpec(lab, policyNames(), "Which policy's unified-memory trace the timeline and the page map show.", labels);
}

View faultsByPolicyView(const LabSpec& lab, const UmRun& run) {
  View faults = declaredView(lab, "faults-by-policy");
  faults.bars = scenarioBars("Policy", "Faults over the traced run", run.scenarios,
                             {counterFigure("GPU faults", &UmCounters::gpuFaults),
                              counterFigure("CPU faults", &UmCounters::cpuFaults)},
                             run.model);
  return faults;
}

const UmScenarioResult& shownPolicyScenario(const UmRun& run, const ParamSet& params, UmScenarioResult& missing) {
  return shownScenario(run.scenarios, policyLabel(static_cast<UmPolicy>(params.getInt("shown"))), missing);
}

void forEachPolicyScenario(const UmRun& run, const std::string& family,
                           const std::function<void(const UmScenarioResult& scenario, const std::string& prefix,
                                                    const std::string& label)>& add) {
  for (int p = 0; p < kPolicyCount; ++p) {
    const auto policy = static_cast<UmPolicy>(p);
    const UmScenarioResult* s = findScenario(run.scenarios, policyLabel(policy));
    if (!s) continue;
    add(*s, family + "." + policyKey(policy), policyLabel(policy) + ": ");
  }
}

}  // namespace warpscope::labs::um
