#pragma once
/// \file um_policy_room.h
/// What the rooms that run one scenario per cudaMemAdvise policy share (um-policies,
/// um-thrashing), written once: the plan's policies and the scenarios' names, the "shown" choice,
/// the faults bars, the shown policy's scenario, and the walk over the policies for the scalars.

#include <functional>
#include <string>
#include <vector>

#include "labs/um_common/um_lab_run.h"
#include "labs/um_common/um_policy_names.h"

namespace warpscope::labs::um {

/// One scenario per policy, in UmPolicy order: `base` with its policy set.
template <typename Scenario>
std::vector<Scenario> onePerPolicy(const Scenario& base) {
  std::vector<Scenario> plan;
  for (int p = 0; p < kPolicyCount; ++p) {
    Scenario s = base;
    s.policy = static_cast<UmPolicy>(p);
    plan.push_back(s);
  }
  return plan;
}

/// A scenario's name, the bars' category: its policy's label (PlanRoom::name).
template <typename Scenario>
std::string policyScenarioName(const Scenario& scenario) {
  return policyLabel(scenario.policy);
}

/// finishUmSpec with the policies as the "shown" choice.
void finishPolicySpec(LabSpec& lab);

/// The declared "faults-by-policy" bars: GPU and CPU faults of each policy over the traced run.
View faultsByPolicyView(const LabSpec& lab, const UmRun& run);

/// The scenario of the policy the "shown" parameter names (`missing`, filled in, if it did not run).
const UmScenarioResult& shownPolicyScenario(const UmRun& run, const ParamSet& params, UmScenarioResult& missing);

/// Calls add(scenario, prefix, label) for each policy whose scenario ran, in UmPolicy order, with
/// prefix "<family>.<policy key>" (scalar ids) and label "<policy label>: ".
void forEachPolicyScenario(const UmRun& run, const std::string& family,
                           const std::function<void(const UmScenarioResult& scenario, const std::string& prefix,
                                                    const std::string& label)>& add);

}  // namespace warpscope::labs::um
