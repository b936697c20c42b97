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

}  // namespace warpscope::labs::um
