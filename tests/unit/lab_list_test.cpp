// The one list of labs (gpu_backend/src/labs/lab_list.cpp): every entry is a whole room, and the
// public registry is exactly that list.
#include <gtest/gtest.h>

#include <set>

#include "labs/lab_definition.h"
#include "warpscope/registry.h"

using namespace warpscope;

TEST(LabList, EveryLabHasAModelAndUniqueViewsOfADeclaredKind) {
  std::set<std::string> ids;
  for (const labs::LabDefinition& lab : labs::allLabs()) {
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

TEST(LabList, RegistryListsExactlyTheLabsOfTheList) {
  const auto& registered = LabRegistry::builtin().labs();
  ASSERT_EQ(registered.size(), labs::allLabs().size());
  for (std::size_t i = 0; i < registered.size(); ++i) {
    EXPECT_EQ(registered[i].id, labs::allLabs()[i].spec.id);
    EXPECT_EQ(labs::findLab(registered[i].id), &labs::allLabs()[i]);
  }
  EXPECT_EQ(labs::findLab("no-such-lab"), nullptr);
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
