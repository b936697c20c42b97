// The atomics lab on the simulator: the declared views and the issue's scalars, a focus rerun that
// measures only the focus (and the shared variants' last address count), the queue grid one row
// per update in turn (one row when warp-aggregated), the counters' check against the rule, and a
// profile without the mechanism refused by name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/atomics/atomics_lab.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, RunScope scope = RunScope::FullSweep,
                    const std::string& device = "sim:h200") {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kAtomicsId, device, parseAssignments(atomicsSpec().params, sets), scope}, nullptr, cancel);
}

}  // namespace

TEST(AtomicsLab, ASweepHasEveryDeclaredViewAndTheIssuesScalars) {
  const RunOutcome out = simulate({"addresses=1"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  for (const ViewSpec& v : atomicsSpec().views) {
    const View* view = r.findView(v.id);
    ASSERT_NE(view, nullptr) << v.id;
    EXPECT_EQ(view->kind, v.kind) << v.id;
  }
  ASSERT_NE(r.findScalar("atomics.gops"), nullptr);
  EXPECT_GT(r.findScalar("atomics.gops")->value, 0);
  ASSERT_NE(r.findScalar("atomics.aggregation_speedup"), nullptr);
  EXPECT_GT(r.findScalar("atomics.aggregation_speedup")->value, 20);  // 32 lanes a word, one update
  EXPECT_DOUBLE_EQ(r.findScalar("atomics.queue_per_request")->value, 32);  // the rule, no counters here
  // Every global address count 1..2^20 and every shared one 1..1024, each variant.
  const View* global = r.findView("global-vs-addresses");
  ASSERT_EQ(global->series.size(), 2u);  // simulated: no model series beside the model
  EXPECT_EQ(global->series[0].points.size(), 21u);
  EXPECT_EQ(r.findView("shared-vs-addresses")->series[0].points.size(), 11u);
  EXPECT_EQ(r.findView("histogram")->bars.series.size(), 2u);
}

TEST(AtomicsLab, AFocusRerunRunsTheFocusAddressesOnlyAndKeepsTheSharedVariantsLastCount) {
  const RunOutcome out = simulate({"addresses=4096", "variant=shared"}, RunScope::FocusOnly);
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  EXPECT_TRUE(r.focusOnly);
  EXPECT_EQ(r.findView("histogram"), nullptr);  // the histogram comes with the full run only
  const View* shared = r.findView("shared-vs-addresses");
  ASSERT_NE(shared, nullptr);
  ASSERT_EQ(shared->series[0].points.size(), 1u);
  EXPECT_EQ(shared->series[0].points[0].x, 1024);  // one word per thread of a block, the most there is
  EXPECT_EQ(shared->focusX, 1024);
  const View* global = r.findView("global-vs-addresses");
  ASSERT_EQ(global->series[0].points.size(), 1u);  // the global variants at the focus only
  EXPECT_EQ(global->series[0].points[0].x, 4096);
  ASSERT_NE(r.findScalar("atomics.gops"), nullptr);
  EXPECT_NE(r.findScalar("atomics.gops")->label.find("1024 addresses"), std::string::npos);
}

TEST(AtomicsLab, TheQueueGridAppliesOneUpdatePerWordAStepAndOneStepWhenAggregated) {
  // States: 0 no update, 1 waiting, 2 applied, 3 applied this step, 4 added into the leader.
  const View one = atomicsQueueGrid(AtomicVariant::Global, 1);
  ASSERT_EQ(one.grid.rows(), 32);  // 32 lanes on one word: 32 steps, lane l in step l
  ASSERT_EQ(one.grid.columns(), 32);
  EXPECT_EQ(one.grid.frames.size(), 33u);  // the request, then a step each
  const GridFrame& afterOne = one.grid.frames[1];
  EXPECT_EQ(afterOne.cells[0], 3);           // lane 0, step 1: just applied
  EXPECT_EQ(afterOne.cells[32 + 1], 1);      // lane 1, step 2: waiting
  EXPECT_EQ(afterOne.cells[1], 0);           // lane 1 has no update in step 1
  EXPECT_EQ(one.grid.frames.back().cells[31 * 32 + 31], 3);
  EXPECT_EQ(one.grid.frames.back().cells[0], 2);
  EXPECT_EQ(one.grid.frames.back().text[31 * 32 + 31], "0");  // every lane adds to word 0
  const View four = atomicsQueueGrid(AtomicVariant::Shared, 4);
  ASSERT_EQ(four.grid.rows(), 8);  // 8 lanes per word
  EXPECT_EQ(four.grid.frames.back().text[1 * 32 + 5], "1");  // lane 5: word 1, second step
  const View aggregated = atomicsQueueGrid(AtomicVariant::GlobalAggregated, 4);
  ASSERT_EQ(aggregated.grid.rows(), 1);
  const GridFrame& done = aggregated.grid.frames.back();
  EXPECT_EQ(done.cells[3], 3);   // lane 3 leads word 3
  EXPECT_EQ(done.cells[7], 4);   // lane 7 added into lane 3
  const View spread = atomicsQueueGrid(AtomicVariant::Global, 1u << 20);
  EXPECT_EQ(spread.grid.rows(), 1);  // a word per lane: one step
  EXPECT_EQ(spread.grid.frames.back().text[31], "31");
}

TEST(AtomicsLab, CountersMatchTheRuleExactlyInGlobalAndWithinATenthOfAWavefrontInShared) {
  EXPECT_TRUE(countedMatchesRule(false, 4.875, 4.875));
  EXPECT_FALSE(countedMatchesRule(false, 4.95, 4.875));
  EXPECT_TRUE(countedMatchesRule(true, 1.077, 1));  // what the H200 counts
  EXPECT_FALSE(countedMatchesRule(true, 1.2, 1));
  EXPECT_FALSE(countedMatchesRule(true, 0.9, 1));  // never fewer than the rule's minimum
}

TEST(AtomicsLab, AProfileWithoutTheMechanismRefusesTheLabByName) {
  const RunOutcome out = simulate({}, RunScope::FullSweep, "sim:gtx480");
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("atomics"), std::string::npos) << out.error().message;
}
