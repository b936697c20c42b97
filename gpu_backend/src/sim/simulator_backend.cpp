#include "sim/simulator_backend.h"

#include <iostream>

#include "core/id_list.h"
#include "core/lab_definition.h"
#include "core/run_guard.h"
#include "warpscope_resources/embedded_profiles.h"

namespace warpscope {
namespace sim {
namespace {

class SimulatorBackend final : public Backend {
 public:
  SimulatorBackend(std::vector<DeviceProfile> profiles, std::vector<std::string> loadErrors)
      : profiles_(std::move(profiles)), loadErrors_(std::move(loadErrors)) {}

  [[nodiscard]] std::string name() const override { return "Simulator"; }

  [[nodiscard]] std::vector<DeviceInfo> devices() const override {
    std::vector<DeviceInfo> infos;
    infos.reserve(profiles_.size());
    for (const auto& p : profiles_) infos.push_back(p.info);
    return infos;
  }

  [[nodiscard]] std::string whyCannotRun(const labs::LabDefinition& lab, const std::string& deviceId) const override {
    const DeviceProfile* profile = findOrNull(deviceId);
    if (!profile) return {};
    for (const std::string& need : lab.modelNeeds)
      if (!profile->provides(need))
        return "the " + profile->info.name + " profile has no " + mechanismName(need) + " model";
    return lab.whyNotOnThisMachine ? lab.whyNotOnThisMachine(profile->info) : std::string();
  }

  RunOutcome run(const labs::LabDefinition& lab, const RunRequest& request, const ProgressFn& progress,
                 const CancelToken& cancel) override {
    return labs::guardRun("simulator", [&]() -> RunOutcome {
      const DeviceProfile& profile = find(request.deviceId);
      labs::RunMonitor monitor(progress, cancel);
      RunResult result = lab.simulate(profile, request, monitor);
      result.provenance = Provenance::Simulated;
      // A lab the model does not know (the user's kernel) says itself what its run did.
      if (!lab.compilesOnlyWithoutGpu)
        result.notes.push_back("Simulated by Warpscope's model of the " + profile.info.name +
                               ", with that GPU's published and measured parameters (how: Help > About this lab)");
      return result;
    });
  }

 private:
  /// What a mechanism group models, in a class's words.
  static std::string mechanismName(const std::string& group) {
    if (group == "uvm") return "unified-memory (page fault and migration)";
    if (group == "dram") return "DRAM";
    if (group == "simt") return "SIMT (warp divergence)";
    if (group == "limiter_kernel") return "memory-and-math kernel";
    if (group.starts_with("shared_memory.bank")) return "shared-memory bank";
    return group;
  }

  const DeviceProfile* findOrNull(const std::string& deviceId) const {
    for (const auto& p : profiles_)
      if (p.info.id == deviceId) return &p;
    return nullptr;
  }

  const DeviceProfile& find(const std::string& deviceId) const {
    for (const auto& p : profiles_)
      if (p.info.id == deviceId) return p;
    std::string message = "unknown simulator device '" + deviceId + "' (profiles: " +
                          joinIds(profiles_, [](const DeviceProfile& p) { return p.info.id; }) + ")";
    for (const auto& error : loadErrors_) message += "; not loaded: " + error;
    throw BadInputError(message);
  }

  std::vector<DeviceProfile> profiles_;
  std::vector<std::string> loadErrors_;
};

}  // namespace

std::unique_ptr<Backend> makeSimulatorBackend(std::vector<DeviceProfile> profiles,
                                              std::vector<std::string> loadErrors) {
  for (const auto& error : loadErrors) std::cerr << "warpscope: simulator profile not loaded: " << error << '\n';
  return std::make_unique<SimulatorBackend>(std::move(profiles), std::move(loadErrors));
}

}  // namespace sim

std::unique_ptr<Backend> makeSimulatorBackend() {
  sim::LoadedProfiles loaded = sim::loadEmbeddedProfilesSkippingBad();
  return sim::makeSimulatorBackend(std::move(loaded.profiles), std::move(loaded.errors));
}

}  // namespace warpscope
