// latency-arith's model (Little's law for FMAs): the physics Volkov's slides show must hold for
// every profile, and the GTX480 must land on his published numbers within a stated tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "mechanisms/device_profile.h"
#include "test_data.h"
#include "labs/latency_arith/latency_arith_model.h"

using namespace warpscope;
using namespace warpscope::sim;
using namespace warpscope::labs;

namespace {

const std::vector<DeviceProfile>& profiles() { return test::shippedProfiles(); }
const DeviceProfile& profile(const std::string& id) { return test::shippedProfile(id); }

constexpr int kIlps[] = {1, 2, 3, 4, 6, 8};
constexpr int kNever = std::numeric_limits<int>::max();

/// Smallest multiple of 32 threads per SM whose fraction of FP32 peak reaches target.
int threadsForArithFraction(const DeviceProfile& p, int ilp, double target) {
  for (int threads = 32; threads <= p.info.maxThreadsPerSm; threads += 32)
    if (arithFractionOfPeak(p.info, fmaPipeline(p), threads, ilp) >= target) return threads;
  return kNever;
}

}  // namespace

// ---- Arithmetic ------------------------------------------------------------------------------

TEST(LatencyModelArith, LittlesLawNeedsVolkovsParallelismOnGtx480) {
  // Volkov: GF100 ~18 cycles x 32 ops/SM/cycle = 576 FMAs in flight per SM.
  const auto& p = profile("gtx480");
  EXPECT_DOUBLE_EQ(fp32WarpIssueRatePerScheduler(p.info), 0.5);
  EXPECT_DOUBLE_EQ(neededWarpFmasInFlightPerScheduler(p.info, fmaPipeline(p)) * 32 * p.info.schedulersPerSm, 576.0);
}

TEST(LatencyModelArith, HopperSchedulerIssuesOneWarpFmaPerCycle) {
  EXPECT_DOUBLE_EQ(fp32WarpIssueRatePerScheduler(profile("h100").info), 1.0);
  EXPECT_DOUBLE_EQ(fp32WarpIssueRatePerScheduler(profile("v100").info), 0.5);
}

TEST(LatencyModelArith, Gtx480ReachesPeakAtVolkovsThreadCountsWithin64Threads) {
  // Volkov 2010, part I (GTX480, one block on one SM): 100% of peak needs 576 threads at ILP 1,
  // 320 at ILP 2, 256 at ILP 3, 192 at ILP 4. Little's law with whole warps dealt round robin
  // gives 576, 320, 192, 192: at ILP 3 the model's 192 threads supply exactly the 9 warp FMAs
  // per scheduler the latency needs, while the hardware needed 2 warps more of slack.
  const auto& p = profile("gtx480");
  const std::map<int, int> volkov = {{1, 576}, {2, 320}, {3, 256}, {4, 192}};
  for (const auto& [ilp, threads] : volkov) {
    const int model = threadsForArithFraction(p, ilp, 0.999);
    EXPECT_NEAR(model, threads, 64) << "ILP " << ilp;
    EXPECT_LE(model, threads) << "Little's law is a lower bound: ILP " << ilp;
  }
  EXPECT_EQ(threadsForArithFraction(p, 1, 0.999), 576);
  EXPECT_EQ(threadsForArithFraction(p, 2, 0.999), 320);
  EXPECT_EQ(threadsForArithFraction(p, 4, 0.999), 192);
}

TEST(LatencyModelArith, MoreIlpNeedsFewerThreadsFor90PercentOnEveryProfile) {
  for (const auto& p : profiles()) {
    SCOPED_TRACE(p.fileName);
    int previous = kNever;
    for (int ilp : kIlps) {
      const int threads = threadsForArithFraction(p, ilp, 0.9);
      // Kepler's 48 lanes a scheduler take more than one issue a cycle: without ILP its single
      // issue feeds 2/3 of them (dispatchCeiling), however many threads.
      if (dispatchCeiling(p.info, fmaPipeline(p), ilp) < 0.9) {
        EXPECT_EQ(threads, kNever) << "ILP " << ilp << " is held under 90% by one issue a cycle";
        continue;
      }
      ASSERT_NE(threads, kNever) << "ILP " << ilp << " never reaches 90%";
      EXPECT_LE(threads, previous) << "ILP " << ilp;
      previous = threads;
    }
    EXPECT_LT(threadsForArithFraction(p, 4, 0.9), threadsForArithFraction(p, 1, 0.9));
    if (dispatchCeiling(p.info, fmaPipeline(p), 1) >= 0.9)
      EXPECT_LT(threadsForArithFraction(p, 2, 0.9), threadsForArithFraction(p, 1, 0.9));
  }
}

TEST(LatencyModelArith, IlpBeyondWhatTheWarpExploitsDoesNotHelp) {
  // GTX480 "doesn't scale past ILP=4": 6 and 8 chains behave like 4.
  const auto& p = profile("gtx480");
  for (int threads = 32; threads <= 1024; threads += 32) {
    EXPECT_DOUBLE_EQ(arithFractionOfPeak(p.info, fmaPipeline(p), threads, 8), arithFractionOfPeak(p.info, fmaPipeline(p), threads, 4));
  }
  EXPECT_LT(arithFractionOfPeak(p.info, fmaPipeline(p), 64, 3), arithFractionOfPeak(p.info, fmaPipeline(p), 64, 4));
}

TEST(LatencyModelArith, FractionOfPeakNeverExceedsOne) {
  for (const auto& p : profiles()) {
    for (int ilp = 1; ilp <= 8; ++ilp) {
      for (int threads = 1; threads <= p.info.maxThreadsPerSm; ++threads) {
        const double f = arithFractionOfPeak(p.info, fmaPipeline(p), threads, ilp);
        ASSERT_GE(f, 0.0) << p.fileName;
        ASSERT_LE(f, 1.0 + 1e-12) << p.fileName << " ILP " << ilp << " threads " << threads;
      }
    }
  }
}

TEST(LatencyModelArith, MonotoneInThreadsPerSmWhenWarpsDealEvenly) {
  // Only whole rounds of warps over the schedulers: between them an uneven deal makes a
  // sawtooth (next test), as measured on the H200.
  for (const auto& p : profiles()) {
    for (int ilp : kIlps) {
      double previous = 0.0;
      const int round = p.info.schedulersPerSm * p.info.warpSize;
      for (int threads = round; threads <= p.info.maxThreadsPerSm; threads += round) {
        const double f = arithFractionOfPeak(p.info, fmaPipeline(p), threads, ilp);
        ASSERT_GE(f, previous - 1e-12) << p.fileName << " ILP " << ilp << " threads " << threads;
        previous = f;
      }
      EXPECT_DOUBLE_EQ(previous, dispatchCeiling(p.info, fmaPipeline(p), std::min(ilp, fmaPipeline(p).maxUsefulIlp)))
          << p.fileName << ": full occupancy hides the FMA latency, up to what one issue a cycle feeds";
    }
  }
}

TEST(LatencyModelArith, OddWarpCountLetsTheBusiestSchedulerSetTheTime) {
  // 9 warps at ILP 2 on GF100's 2 schedulers: 5 warps (10 FMAs >= 9 needed, full rate, 5 units of
  // time) and 4 warps (8 of 9 needed, 4.5 units). The run lasts 5 units: 9 / (2 x 5) = 0.9.
  const auto& p = profile("gtx480");
  EXPECT_NEAR(arithFractionOfPeak(p.info, fmaPipeline(p), 288, 2), 0.9, 1e-12);
}

TEST(LatencyModelArith, UnevenWarpDealOnSaturatedSchedulersMakesTheMeasuredSawtooth) {
  // H200, one block of 160 threads at ILP 8: 5 warps on 4 schedulers, each saturated by one warp.
  // The scheduler with 2 warps takes twice as long: 5 / 8 of peak (measured: 0.58). 128 and 256
  // threads deal evenly and reach peak.
  const auto& p = profile("h200");
  EXPECT_NEAR(arithFractionOfPeak(p.info, fmaPipeline(p), 160, 8), 5.0 / 8.0, 1e-12);
  EXPECT_DOUBLE_EQ(arithFractionOfPeak(p.info, fmaPipeline(p), 128, 8), 1.0);
  EXPECT_LT(arithFractionOfPeak(p.info, fmaPipeline(p), 288, 8), arithFractionOfPeak(p.info, fmaPipeline(p), 256, 8));
}

TEST(LatencyModelArith, PartialWarpWastesItsIdleLanes) {
  // 16 threads on Hopper at ILP 8: the one warp's scheduler is busy but only half its lanes work.
  const auto& p = profile("h100");
  EXPECT_NEAR(arithFractionOfPeak(p.info, fmaPipeline(p), 16, 8), 0.25 * 0.5, 1e-12);
  EXPECT_DOUBLE_EQ(arithFractionOfPeak(p.info, fmaPipeline(p), 0, 4), 0.0);
}

