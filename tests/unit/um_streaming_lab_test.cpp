// The um-streaming lab end to end on the simulator (plan -> UVM model -> assembly): the declared
// views, the seed's order of the five figures, the page map covering the buffer, the shown
// trace, and what the Session refuses.
#include <gtest/gtest.h>

#include "um_test_support.h"

using namespace warpscope;

TEST(UmStreamingLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-streaming");
}

TEST(UmStreamingLab, ScalarsFollowTheSeedsOrderAndThePageMapCoversTheBuffer) {
  const RunOutcome outcome = um_test::simulateLab("um-streaming", {"buffer_mib=64"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  const double t4 = um_test::scalar(r, "streaming.gbps.thread_4b"), w64 = um_test::scalar(r, "streaming.gbps.warp_64k"),
               prefetch = um_test::scalar(r, "streaming.gbps.prefetch"), pinned = um_test::scalar(r, "streaming.gbps.memcpy_pinned"),
               pageable = um_test::scalar(r, "streaming.gbps.memcpy_pageable");
  EXPECT_GT(prefetch, w64);
  EXPECT_GT(w64, t4);
  EXPECT_GT(pinned, pageable);
  EXPECT_GT(um_test::scalar(r, "streaming.gpu_faults"), 0);
  EXPECT_GE(um_test::scalar(r, "streaming.bytes_htod"), 64.0 * 1024 * 1024) << "every page reaches the GPU";
  const View* map = r.findView("page-map");
  EXPECT_EQ(map->grid.rows(), 32);  // 64 MiB / 2 MiB
  EXPECT_EQ(map->grid.columns(), 512);
  const View* bars = r.findView("gbps-by-mode");
  EXPECT_EQ(bars->bars.categories.front(), "on-demand thread/4B");
  EXPECT_EQ(bars->bars.series.size(), 1u) << "no model series beside a simulation";
}

TEST(UmStreamingLab, ShownPicksThePrefetchTrace) {
  const RunOutcome outcome = um_test::simulateLab("um-streaming", {"buffer_mib=16", "shown=prefetch"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_NE(outcome.result().findView("um-timeline")->title.find("prefetch"), std::string::npos);
}

TEST(UmStreamingLab, AProfileWithoutPageFaultsIsRefusedWithTheReason) {
  const RunOutcome outcome = um_test::simulateLab("um-streaming", {"buffer_mib=16"}, "sim:gtx480");
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("gtx480"), std::string::npos) << outcome.error().message;
}
