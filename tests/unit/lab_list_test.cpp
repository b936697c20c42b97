// The one list of labs (gpu_backend/src/labs/lab_list.cpp): every entry is a whole room, and the
// public registry is exactly that list.
#include <gtest/gtest.h>

#include <set>

#include "core/lab_definition.h"
#include "warpscope/registry.h"

using namespace warpscope;

TEST(LabList, EveryLabHasAModelAndUniqueViewsOfADeclaredKind) {
  std::set<std::string> ids;
  for (const labs::LabDefinition& lab : LabRegistry::builtin().definitions()) {
    SCOPED_TRACE(lab.spec.id);
    EXPECT_TRUE(ids.insert(lab.spec.id).second) << "registered twice";
    EXPECT_NE(lab.simulate, nullptr) << "every lab runs on the simulator";
    EXPECT_FALSE(lab.spec.title.empty());
    EXPECT_FALSE(lab.spec.summary.empty());
    ASSERT_FALSE(lab.spec.views.empty());
    std::set<std::string> views;
    for (const ViewSpec& v : lab.spec.views) {
      EXPECT_TRUE(views.insert(v.id).second) << "view " << v.id << " declared twice";
      EXPECT_FALSE(v.title.empty()) << v.id;
    }
    if (!lab.spec.benchFocusMove.param.empty()) {
      const ParamSpec* moved = findParam(lab.spec.params, lab.spec.benchFocusMove.param);
      ASSERT_NE(moved, nullptr) << "bench moves an undeclared parameter";
      EXPECT_EQ(moved->role, ParamRole::Focus);
      EXPECT_TRUE(moved->accepts(lab.spec.benchFocusMove.a) && moved->accepts(lab.spec.benchFocusMove.b));
    }
  }
}

TEST(LabList, OneRegistryTheDeclarationsAreTheDefinitionsOwnNotCopies) {
  const LabRegistry& registry = LabRegistry::builtin();
  const auto& definitions = registry.definitions();
  ASSERT_EQ(registry.labs().size(), definitions.size());
  for (std::size_t i = 0; i < definitions.size(); ++i) {
    const std::string& id = definitions[i].spec.id;
    EXPECT_EQ(&registry.labs()[i], &definitions[i].spec) << id;
    EXPECT_EQ(registry.definition(id), &definitions[i]) << id;
    EXPECT_EQ(registry.find(id), &definitions[i].spec) << id;
    EXPECT_EQ(&registry.resolve(id), &definitions[i]) << id;
  }
  EXPECT_EQ(registry.definition("no-such-lab"), nullptr);
  EXPECT_EQ(registry.find("no-such-lab"), nullptr);
  EXPECT_THROW((void)registry.resolve("no-such-lab"), BadInputError);
}

TEST(LabList, SameSweepIgnoresFocusParametersOnly) {
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  ParamSet a = defaultParams(lab.params);
  ParamSet b = a;
  b.set("ilp", 8);  // focus
  EXPECT_TRUE(lab.sameSweep(a, b));
  b.set("blocks_per_sm", 2);  // sweep
  EXPECT_FALSE(lab.sameSweep(a, b));
}
