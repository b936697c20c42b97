// The um-oversubscription lab end to end on the simulator (curves -> UVM model -> assembly): the
// declared views, a timeline and a page map, and the seed's cliff past GPU memory.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "um_test_support.h"

using namespace warpscope;

TEST(UmOversubscriptionLab, ThroughputFallsPastGpuMemoryAndReadMostlyEvictsForFree) {
  const RunOutcome outcome = um_test::simulateLab("um-oversubscription", {"model_memory_mib=128"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const View* chart = outcome.result().findView("gbps-vs-working-set");
  ASSERT_NE(chart, nullptr);
  std::map<std::string, const Series*> byName;
  for (const Series& s : chart->series) {
    if (s.key < 0) continue;  // the memory limit line
    ASSERT_GE(s.points.size(), 6u);
    byName[s.name] = &s;
  }
  for (const char* pattern : {"thread/4B", "warp/64KB"}) {
    const Series* plain = byName[pattern];
    const Series* readMostly = byName[std::string(pattern) + " + ReadMostly"];
    ASSERT_TRUE(plain && readMostly) << pattern;
    EXPECT_LT(plain->points.back().y, 0.95 * plain->points.front().y) << pattern << ": no cliff past GPU memory";
    // Evicting a read-only copy is dropping it: ReadMostly holds its throughput past the limit.
    EXPECT_GT(readMostly->points.back().y, 0.9 * readMostly->points.front().y) << pattern;
    EXPECT_GT(readMostly->points.back().y, plain->points.back().y) << pattern;
  }
  EXPECT_GT(um_test::scalar(outcome.result(), "oversubscription.shown.bytes_evicted"), 0) << "the largest set evicts";
}

TEST(UmOversubscriptionLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-oversubscription");
}
