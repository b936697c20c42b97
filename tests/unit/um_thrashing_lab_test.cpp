// The um-thrashing lab end to end on the simulator (plan -> UVM model -> assembly): the declared
// views, a timeline and a page map.
#include <gtest/gtest.h>

#include "um_test_support.h"

using namespace warpscope;

TEST(UmThrashingLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-thrashing");
}
