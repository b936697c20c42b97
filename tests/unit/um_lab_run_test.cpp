// What the family's shell (labs/um_common/um_lab_run.h) gives every um-* lab: the managed buffer
// marked for the GPU's cap, and the frame every declaration ends with (the "shown" choice, the
// timeline and the page map, no sweep-time target, the family's doc page).
#include <gtest/gtest.h>

#include <string>

#include "core/lab_definition.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"

using namespace warpscope;

namespace {

constexpr const char* kUmLabs[] = {"um-streaming", "um-policies", "um-thrashing", "um-oversubscription",
                                   "um-multi-gpu"};

}  // namespace

TEST(UmLabRun, BufferSizesAreMarkedAsManagedMemoryForTheGpuCap) {
  for (const char* lab : {"um-streaming", "um-policies", "um-thrashing", "um-multi-gpu"}) {
    const ParamSpec* p = findParam(LabRegistry::builtin().definition(lab)->spec.params, "buffer_mib");
    ASSERT_NE(p, nullptr) << lab;
    EXPECT_EQ(p->memoryUnitBytes, 1024.0 * 1024.0) << lab;
  }
}

TEST(UmLabRun, EveryDeclarationEndsWithShownTheTimelineAndThePageMap) {
  for (const char* id : kUmLabs) {
    const labs::LabDefinition* def = LabRegistry::builtin().definition(id);
    ASSERT_NE(def, nullptr) << id;
    const LabSpec& lab = def->spec;
    ASSERT_FALSE(lab.params.empty()) << id;
    EXPECT_EQ(lab.params.back().id, "shown") << id;
    EXPECT_EQ(lab.params.back().label, "Timeline and page map show") << id;
    ASSERT_GE(lab.views.size(), 3u) << id;
    EXPECT_EQ(lab.views[lab.views.size() - 2].id, "um-timeline") << id;
    EXPECT_EQ(lab.views[lab.views.size() - 2].kind, ViewKind::Timeline) << id;
    EXPECT_EQ(lab.views.back().id, "page-map") << id;
    EXPECT_EQ(lab.views.back().kind, ViewKind::Grid) << id;
    EXPECT_EQ(lab.gpuSweepTargetS, 0) << id;
    EXPECT_EQ(lab.simSweepTargetS, 0) << id;
    EXPECT_EQ(lab.docPage, "labs/unified-memory.md") << id;
  }
}
