// Every lab declares the profile mechanisms its model reads (LabDefinition::modelNeeds), so the
// lab list can say before a lab is picked that a device cannot model it. This holds the
// declarations to what the models actually read: on every shipped profile, a lab runs exactly
// when its declared groups are there, and Session::whyCannotRun says so exactly then.
#include <gtest/gtest.h>

#include "core/lab_definition.h"
#include "warpscope/registry.h"
#include "test_data.h"
#include "warpscope/session.h"

namespace warpscope {
namespace {

bool missingAMechanism(const std::string& message) {
  // A group or one of its parameters ("k40.json: mechanisms.shared_memory.banks is missing: the ...").
  return message.find(" is missing: the ") != std::string::npos ||
         message.find("no unified-memory parameters") != std::string::npos;
}

TEST(ModelNeeds, EachLabRunsOnAProfileExactlyWhenItsDeclaredMechanismsAreThere) {
  Session session(nullptr, makeSimulatorBackend(), "no GPU in this test");
  CancelToken never;
  for (const labs::LabDefinition& lab : LabRegistry::builtin().definitions())
    for (const sim::DeviceProfile& profile : test::shippedProfiles()) {
      bool declaredThere = true;
      for (const std::string& need : lab.modelNeeds) declaredThere = declaredThere && profile.provides(need);
      // What the machine lacks (the user's kernel: NVRTC, or an architecture it cannot build for)
      // is said too, apart from the mechanisms.
      const std::string machine = lab.whyNotOnThisMachine ? lab.whyNotOnThisMachine(profile.info) : std::string();
      const RunOutcome outcome =
          session.run({lab.spec.id, profile.info.id, defaultParams(lab.spec.params), RunScope::FocusOnly}, {}, never);
      const bool failedOnAMechanism = !outcome.ok() && missingAMechanism(outcome.error().message);
      EXPECT_EQ(failedOnAMechanism, !declaredThere)
          << lab.spec.id << " on " << profile.info.id << ": " << (outcome.ok() ? "ran" : outcome.error().message);
      EXPECT_EQ(session.whyCannotRun(lab.spec.id, profile.info.id).empty(), declaredThere && machine.empty())
          << lab.spec.id << " on " << profile.info.id;
      if (declaredThere && !machine.empty()) {
        EXPECT_FALSE(outcome.ok()) << lab.spec.id << " on " << profile.info.id << " ran without " << machine;
      }
    }
}

}  // namespace
}  // namespace warpscope
