// The anti-thrashing heuristic (labs/um_common/uvm_thrashing.h) as uvm_perf_thrashing.c has it:
// block tracking, detection at thrashing_threshold moves within thrashing_lapse_us, throttling
// periods, then pinning and remote mapping after thrashing_pin_threshold throttles. The
// um-thrashing lab's scenarios on the model that uses it: um_thrashing_model_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>

#include "labs/um_common/um_model.h"
#include "labs/um_common/uvm_thrashing.h"
#include "um_test_support.h"

using namespace warpscope;
using namespace warpscope::labs;
using namespace warpscope::labs::um;
using warpscope::um_test::shippedProfile;
using warpscope::um_test::withParam;

namespace {

constexpr auto kFault = MigrationKind::Fault;

/// Page 0 moves to the CPU and GPU 0 in turn every gapUs (moves by faults); returns the pages
/// each move made thrashing.
std::vector<std::vector<std::uint32_t>> pingPong(ThrashingDetector& d, int moves, double gapUs) {
  std::vector<std::vector<std::uint32_t>> out;
  for (int i = 0; i < moves; ++i) {
    const Processor p = i % 2 == 0 ? Processor::Cpu : Processor::Gpu0;
    out.push_back(d.onMigration(0, 1, p, kFault, i * gapUs));
  }
  return out;
}

}  // namespace

TEST(ThrashingDetector, TrackingStartsWhenTheBlockChangesHandsWithinTheLapse) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, kPagesPerChunk);
  // Moves to one processor, or further apart than the lapse, do not start per-page tracking, so
  // no fault gets a hint however often the page moves.
  for (int i = 0; i < 10; ++i) (void)d.onMigration(0, 1, Processor::Gpu0, kFault, i * 10.0);
  for (int i = 0; i < 10; ++i)
    (void)d.onMigration(0, 1, i % 2 ? Processor::Gpu0 : Processor::Cpu, kFault, 1000 + i * (p.thrashingLapseUs + 1));
  EXPECT_FALSE(d.thrashing(0));
  EXPECT_EQ(d.onFault(0, Processor::Cpu, 1e6).action, ThrashAction::Migrate);
}

TEST(ThrashingDetector, DetectsAtThresholdMovesWithinTheLapse) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, kPagesPerChunk);
  // Move 1 starts block tracking (the block changed hands within the lapse) and stamps the page;
  // moves 2, 3 and 4 within the lapse are events 1, 2 and 3.
  const auto newly = pingPong(d, 5, 100);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(newly[static_cast<std::size_t>(i)].empty()) << i;
  EXPECT_EQ(newly[4], (std::vector<std::uint32_t>{0}));
  EXPECT_TRUE(d.thrashing(0));
}

TEST(ThrashingDetector, SlowMovesNeitherCountNorResetBeforeThePageIsMarked) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  const double slow = p.thrashingLapseUs + 100;
  ThrashingDetector d(p, kPagesPerChunk);
  (void)d.onMigration(0, 1, Processor::Cpu, kFault, 0);
  (void)d.onMigration(0, 1, Processor::Gpu0, kFault, 100);  // tracking starts, page stamped
  double t = 100;
  // Each pair: one fast move (an event), one slow one (no event, no reset, as uvm_perf_thrashing.c).
  for (int event = 1; event <= p.thrashingThreshold; ++event) {
    const bool last = event == p.thrashingThreshold;
    t += 100;
    EXPECT_EQ(d.onMigration(0, 1, Processor::Cpu, kFault, t).size(), last ? 1u : 0u) << event;
    t += slow;
    if (!last) (void)d.onMigration(0, 1, Processor::Gpu0, kFault, t);
  }
  EXPECT_TRUE(d.thrashing(0));
  // Once marked, a slow move forgets the page.
  (void)d.onMigration(0, 1, Processor::Gpu0, kFault, t + slow);
  EXPECT_FALSE(d.thrashing(0));
}

TEST(ThrashingDetector, UserPrefetchForgetsThrashingPages) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, kPagesPerChunk);
  (void)pingPong(d, 5, 100);
  ASSERT_TRUE(d.thrashing(0));
  (void)d.onMigration(0, 1, Processor::Gpu0, MigrationKind::User, 600);
  EXPECT_FALSE(d.thrashing(0));
}

TEST(ThrashingDetector, EachPeriodServesOneProcessorThrottlesTheOtherThenPins) {
  // A nap shorter than the lapse keeps the page thrashing from one period to the next. With the
  // driver's defaults (nap = lapse) a processor that naps a whole period finds the page's last
  // move older than the lapse, and the page is no longer thrashing unless it moved meanwhile.
  const UvmParams p = readUvmParams(withParam("uvm", "thrashing_nap_us", 100));
  ThrashingDetector d(p, kPagesPerChunk);
  (void)pingPong(d, 5, 10);
  ASSERT_TRUE(d.thrashing(0));
  double t = 50;
  int throttles = 0;
  ThrashVerdict v;
  // The GPU and the CPU fault in turn, each within the lapse of the page's last move. A fault past
  // the period opens the next one and its processor is served; the other one, faulting inside the
  // period, naps until the period ends.
  for (int period = 0; period < 2 * p.thrashingPinThreshold + 2; ++period) {
    const Processor served = period % 2 == 0 ? Processor::Gpu0 : Processor::Cpu;
    const Processor other = period % 2 == 0 ? Processor::Cpu : Processor::Gpu0;
    v = d.onFault(0, served, t);
    if (v.action == ThrashAction::Pin) break;
    EXPECT_EQ(v.action, ThrashAction::Migrate) << period;
    (void)d.onMigration(0, 1, served, kFault, t);
    const ThrashVerdict nap = d.onFault(0, other, t + 10);
    EXPECT_EQ(nap.action, ThrashAction::Throttle) << period;
    EXPECT_DOUBLE_EQ(nap.untilUs, t + p.thrashingNapUs);
    ++throttles;
    t = nap.untilUs + 1;
  }
  EXPECT_EQ(v.action, ThrashAction::Pin);
  EXPECT_EQ(throttles, p.thrashingPinThreshold);
  EXPECT_EQ(d.throttles(0), p.thrashingPinThreshold);
  // The processor served in that period pins it in its own memory.
  const Processor pinner = v.pinResidency;
  d.pin(0, pinner, t);
  EXPECT_TRUE(d.pinned(0, t + 1));
  EXPECT_FALSE(d.pinned(0, t + p.thrashingPinMs * 1000.0 + 1));
}

TEST(ThrashingDetector, AProcessorRetryingJustAfterItsNapIsNotThrottledAgain) {
  // Three processors: GPU 0 is served, the CPU and GPU 1 are throttled in the same period. GPU 1
  // faulting again just after the period opens the next one (the CPU's throttled bit must not keep
  // the old period alive), so the retries of the engine end.
  const UvmParams p = readUvmParams(withParam("uvm", "thrashing_nap_us", 100));
  ThrashingDetector d(p, kPagesPerChunk);
  (void)pingPong(d, 5, 10);
  ASSERT_EQ(d.onFault(0, Processor::Gpu0, 50).action, ThrashAction::Migrate);
  ASSERT_EQ(d.onFault(0, Processor::Cpu, 60).action, ThrashAction::Throttle);
  const ThrashVerdict nap = d.onFault(0, Processor::Gpu1, 70);
  ASSERT_EQ(nap.action, ThrashAction::Throttle);
  const ThrashVerdict retry = d.onFault(0, Processor::Gpu1, nap.untilUs + kRetryAfterNapUs);
  EXPECT_NE(retry.action, ThrashAction::Throttle);
  EXPECT_EQ(d.throttles(0), 2);  // one per throttled processor, not one per retry
}

TEST(ThrashingDetector, AGpuFaultOnAPagePinnedInHostMemoryMapsItThere) {
  const UvmParams p = readUvmParams(shippedProfile("h200"));
  ThrashingDetector d(p, kPagesPerChunk);
  (void)pingPong(d, 5, 10);
  d.pin(0, Processor::Cpu, 50);
  // Whoever is not the period's processor gets the pinned residency if it can map it: a GPU can
  // map host memory.
  (void)d.onFault(0, Processor::Cpu, 60);
  const ThrashVerdict v = d.onFault(0, Processor::Gpu0, 70);
  EXPECT_EQ(v.action, ThrashAction::Pin);
  EXPECT_EQ(v.pinResidency, Processor::Cpu);
}
