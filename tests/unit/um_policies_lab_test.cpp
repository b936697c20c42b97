// The um-policies lab end to end on the simulator (plan -> UVM model -> assembly): the declared
// views, a timeline and a page map.
#include <gtest/gtest.h>

#include "um_test_support.h"

using namespace warpscope;

TEST(UmPoliciesLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-policies");
}
