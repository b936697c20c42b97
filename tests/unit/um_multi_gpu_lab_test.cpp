// The um-multi-gpu lab end to end on the simulator (plan -> UVM model -> assembly): the declared
// views, a timeline and a page map.
#include <gtest/gtest.h>

#include "um_test_support.h"

using namespace warpscope;

TEST(UmMultiGpuLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-multi-gpu");
}
