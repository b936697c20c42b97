// The coalescing lab end to end on the simulator: the declared views of the declared kinds, the
// issue's scalars, a focus rerun, the warp grid's frames, and bad input named.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/coalescing/coalescing_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, const std::string& device = "sim:h200",
                    RunScope scope = RunScope::FullSweep) {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kCoalescingId, device, parseAssignments(coalescingSpec().params, sets), scope}, nullptr, cancel);
}

}  // namespace

TEST(CoalescingLab, ASweepHasEveryDeclaredViewAndTheIssuesScalars) {
  const RunOutcome out = simulate({"stride=4"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  for (const ViewSpec& v : coalescingSpec().views) {
    const View* view = r.findView(v.id);
    ASSERT_NE(view, nullptr) << v.id;
    EXPECT_EQ(view->kind, v.kind) << v.id;
  }
  for (const char* id : {"coalescing.sectors_per_request", "coalescing.sectors_per_request_model", "coalescing.useful_gbps",
                         "coalescing.fraction_of_memcpy"})
    EXPECT_NE(r.findScalar(id), nullptr) << id;
  EXPECT_DOUBLE_EQ(r.findScalar("coalescing.sectors_per_request_model")->value, 16.0);
  // Without counters (a simulator) the measured-or-model scalar is the model's.
  EXPECT_DOUBLE_EQ(r.findScalar("coalescing.sectors_per_request")->value, 16.0);
  const View* gbps = r.findView("gbps-vs-stride");
  EXPECT_EQ(gbps->series.front().points.size(), std::size(kCoalescingSweepStrides));
}

TEST(CoalescingLab, AFocusRerunModelsOnlyTheFocusStride) {
  const RunOutcome out = simulate({"stride=37"}, "sim:h200", RunScope::FocusOnly);
  ASSERT_TRUE(out.ok()) << out.error().message;
  const View* gbps = out.result().findView("gbps-vs-stride");
  ASSERT_EQ(gbps->series.front().points.size(), 1u);
  EXPECT_EQ(gbps->series.front().points.front().x, 37);
}

TEST(CoalescingLab, TheWarpGridPlacesOneLaneAFrameOverTheSectorsItTouches) {
  CoalescingPlan plan;
  plan.elementBytes = 4;
  plan.offsetElements = 1;
  const View v = coalescingWarpGrid(plan, 1, MemoryTransactions{});
  ASSERT_EQ(v.kind, ViewKind::Grid);
  EXPECT_EQ(v.grid.rows(), 2);     // offset 1: the warp's 128 bytes straddle two lines
  EXPECT_EQ(v.grid.columns(), 4);  // the 32-byte sectors of a 128-byte line
  ASSERT_EQ(v.grid.frames.size(), 33u);  // none, then one lane at a time
  const GridFrame& last = v.grid.frames.back();
  // Line 0: sector 0 holds lanes 0-6 (bytes 4..31: partly used), sectors 1-3 lanes 7-30 in full;
  // line 1: sector 0 lane 31 (partly used), the rest not moved.
  const std::vector<int> expected = {2, 1, 1, 1, 2, 0, 0, 0};
  EXPECT_EQ(last.cells, expected);
  EXPECT_EQ(last.text[0], "0-6");
  EXPECT_EQ(last.text[4], "31");
  EXPECT_NE(last.label.find("5 sectors"), std::string::npos) << last.label;
  // While lanes are placed, the newest one stands out.
  EXPECT_EQ(v.grid.frames[1].cells[0], 3);
}

TEST(CoalescingLab, AProfileWithoutTheSectorRuleRefusesTheLabByName) {
  const RunOutcome out = simulate({}, "sim:gtx480");
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("memory_transactions"), std::string::npos) << out.error().message;
}

TEST(CoalescingLab, AStrideOffTheSliderIsBadInputNamingIt) {
  EXPECT_THROW(simulate({"stride=65"}), BadInputError);
}
