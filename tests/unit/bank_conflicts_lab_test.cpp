// The bank-conflicts lab on the simulator: the declared views, the issue's scalars, the model's
// throughput from the bank rule, the grid of lanes in banks wavefront by wavefront, and a profile
// without banks refused by name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "labs/bank_conflicts/bank_conflicts_lab.h"
#include "labs/bank_conflicts/bank_conflicts_model.h"
#include "sim/simulator_backend.h"
#include "test_data.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, const std::string& device = "sim:h200") {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kBankConflictsId, device, parseAssignments(bankConflictsSpec().params, sets), RunScope::FullSweep},
                     nullptr, cancel);
}

}  // namespace

TEST(BankConflictsLab, ASweepHasEveryDeclaredViewAndTheIssuesScalars) {
  const RunOutcome out = simulate({"stride_words=4"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const RunResult& r = out.result();
  for (const ViewSpec& v : bankConflictsSpec().views) {
    const View* view = r.findView(v.id);
    ASSERT_NE(view, nullptr) << v.id;
    EXPECT_EQ(view->kind, v.kind) << v.id;
  }
  EXPECT_DOUBLE_EQ(r.findScalar("bank_conflicts.ways_model")->value, 4.0);
  EXPECT_DOUBLE_EQ(r.findScalar("bank_conflicts.ways")->value, 4.0);  // no counters on a simulator
  EXPECT_DOUBLE_EQ(r.findScalar("bank_conflicts.bytes_per_clock_per_sm")->value, 32.0);  // 128 B in 4 cycles
  EXPECT_DOUBLE_EQ(r.findScalar("bank_conflicts.padding_speedup_model")->value, 32.0);
}

TEST(BankConflictsModel, ThroughputIsTheRequestsBytesOverItsWavefrontsUpToTheBandwidth) {
  const sim::DeviceProfile& p = test::shippedProfile("h200");
  EXPECT_DOUBLE_EQ(bankModelPoint(p, {BankPattern::Strided, 1, 4}).modelBytesPerClock, 128.0);
  EXPECT_DOUBLE_EQ(bankModelPoint(p, {BankPattern::Strided, 2, 4}).modelBytesPerClock, 64.0);
  EXPECT_DOUBLE_EQ(bankModelPoint(p, {BankPattern::Strided, 32, 4}).modelBytesPerClock, 4.0);
  EXPECT_DOUBLE_EQ(bankModelPoint(p, {BankPattern::Strided, 1, 16}).modelBytesPerClock, 128.0);  // 512 B in 4
  EXPECT_DOUBLE_EQ(bankModelPoint(p, {BankPattern::Broadcast, 1, 4}).modelBytesPerClock, 128.0);
  EXPECT_EQ(bankModelPoint(p, {BankPattern::Transpose, 1, 4}).wavefrontsModel, 32);
  EXPECT_EQ(bankModelPoint(p, {BankPattern::TransposePadded, 1, 4}).wavefrontsModel, 1);
}

TEST(BankConflictsLab, TheGridShowsOneRowPerWavefrontWithTheLanesEachBankServes) {
  const View stride2 = bankGrid({BankPattern::Strided, 2, 4}, 32, 4);
  ASSERT_EQ(stride2.grid.rows(), 2);
  ASSERT_EQ(stride2.grid.columns(), 32);
  const GridFrame& last = stride2.grid.frames.back();
  // Wavefront 1: lanes 0..15 in the even banks; wavefront 2: lanes 16..31 in the same banks.
  EXPECT_EQ(last.text[0], "0");
  EXPECT_EQ(last.text[2], "1");
  EXPECT_EQ(last.text[1], "");
  EXPECT_EQ(last.text[32], "16");
  EXPECT_EQ(bankGrid({BankPattern::Transpose, 1, 4}, 32, 4).grid.rows(), 32);
  EXPECT_EQ(bankGrid({BankPattern::TransposePadded, 1, 4}, 32, 4).grid.rows(), 1);
  const View broadcast = bankGrid({BankPattern::Broadcast, 1, 4}, 32, 4);
  ASSERT_EQ(broadcast.grid.rows(), 1);
  EXPECT_EQ(broadcast.grid.frames.back().text[0], "0-31");
  EXPECT_EQ(stride2.grid.frames.size(), 3u);  // the request, then each wavefront
}

TEST(BankConflictsLab, AProfileWithoutBanksRefusesTheLabByName) {
  const RunOutcome out = simulate({}, "sim:gtx480");
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("banks"), std::string::npos) << out.error().message;
}
