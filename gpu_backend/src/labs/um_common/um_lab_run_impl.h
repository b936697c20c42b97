#pragma once
// Template bodies of um_lab_run.h.
#include <exception>

#include "mechanisms/device_profile.h"

namespace warpscope::labs::um {

template <typename Scenario>
std::vector<UmScenarioResult> modelForComparison(
    const DeviceInfo& gpu, const std::vector<Scenario>& plan, const std::function<std::string(const Scenario&)>& name,
    const std::function<UmScenarioResult(const sim::DeviceProfile&, const Scenario&)>& simulate,
    std::string* profileName, std::vector<std::string>* notes) {
  profileName->clear();
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(gpu);
  if (!profile) {
    notes->push_back("No simulator profile loaded: no model bars.");
    return {};
  }
  std::vector<UmScenarioResult> model;
  try {
    for (const Scenario& s : plan) {
      model.push_back(simulate(*profile, s));
      model.back().name = name(s);
    }
  } catch (const std::exception& e) {
    notes->push_back("The model could not run this plan on " + profile->info.name + ": " + e.what());
    return {};
  }
  *profileName = profile->info.name;
  return model;
}

template <typename Scenario>
RunResult simulatePlanRoom(const PlanRoom<Scenario>& room, const sim::DeviceProfile& profile,
                           const RunRequest& request, RunMonitor& monitor) {
  UmRun run;
  run.scenarios = runPlan<Scenario>(room.plan(request.params), monitor, room.name,
                                    [&](const Scenario& s) { return room.simulate(profile, s); });
  monitor.done();
  return room.assemble(profile.info, request.params, run);
}

template <typename Scenario>
RunResult measurePlanRoom(const PlanRoom<Scenario>& room, const DeviceInfo& gpu, const RunRequest& request,
                          RunMonitor& monitor, const std::function<UmScenarioResult(const Scenario&)>& measure) {
  std::vector<std::string> notes;
  const UmRun run = measureWithModel<Scenario>(gpu, room.plan(request.params), monitor, room.name, measure,
                                               room.simulate, &notes);
  RunResult result = room.assemble(gpu, request.params, run);
  result.notes.insert(result.notes.end(), notes.begin(), notes.end());
  return result;
}

}  // namespace warpscope::labs::um
