// The block-scheduling lab on a GPU: every block's record checked (the run itself throws on a bad
// one), the seed's four grid sizes placed as the scheduler places them (one SM, one block per SM,
// a full wave with no waiting, the tail waiting for slots), residency as the occupancy API says,
// and the kernel time climbing by a block's work past a full wave. Prints what it saw.
#include <gtest/gtest.h>

#include <iostream>
#include <memory>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "labs/block_scheduling/block_scheduling_lab.h"
#include "resolved_run.h"

namespace warpscope::cuda {
namespace {

class BlockSchedulingCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
    // Made only once a GPU answers: the backend asks the driver for its devices.
    backend_ = std::make_unique<CudaBackend>();
  }

  RunResult run(const std::vector<std::string>& settings) {
    const ParamSet params = parseAssignments(labs::blockSchedulingSpec().params, settings);
    CancelToken cancel;
    const RunOutcome outcome =
        test::runResolved(*backend_, {labs::kBlockSchedulingId, "cuda:0", params, RunScope::FullSweep}, {}, cancel);
    EXPECT_TRUE(outcome.ok()) << (outcome.ok() ? "" : outcome.error().message);
    if (!outcome.ok()) return {};
    const RunResult& r = outcome.result();
    std::cout << "  " << settings.front() << ":";
    for (const char* id : {"sched.residency", "sched.blocks", "sched.sms_used", "sched.max_resident_per_sm",
                           "sched.waited_blocks", "sched.kernel_us", "sched.slot_utilization_pct",
                           "sched.time_one_block_us", "sched.time_one_wave_us", "sched.time_one_wave_plus_one_us"})
      if (const Scalar* s = r.findScalar(id)) std::cout << " " << id << "=" << s->value;
    std::cout << "\n";
    return r;
  }

  static double scalar(const RunResult& r, const std::string& id) {
    const Scalar* s = r.findScalar(id);
    EXPECT_NE(s, nullptr) << id;
    return s ? s->value : -1;
  }

  std::unique_ptr<CudaBackend> backend_;
};

TEST_F(BlockSchedulingCuda, OneBlockRunsOnOneSm) {
  const RunResult r = run({"grid=one-block"});
  EXPECT_EQ(scalar(r, "sched.sms_used"), 1);
}

TEST_F(BlockSchedulingCuda, NBlocksReachEverySmOneEach) {
  const RunResult r = run({"grid=one-per-sm"});
  EXPECT_EQ(scalar(r, "sched.sms_used"), scalar(r, "sched.sms"));
  EXPECT_EQ(scalar(r, "sched.max_resident_per_sm"), 1);
}

TEST_F(BlockSchedulingCuda, AFullWaveStartsAtOnceUpToTheApisResidency) {
  const RunResult r = run({"grid=one-wave"});
  EXPECT_EQ(scalar(r, "sched.max_resident_per_sm"), scalar(r, "sched.residency"));
  EXPECT_EQ(scalar(r, "sched.waited_blocks"), 0);
  EXPECT_LT(scalar(r, "sched.kernel_us"), 1.5 * scalar(r, "sched.block_us"));
}

TEST_F(BlockSchedulingCuda, TheTailWaitsForSlotsAndCostsABlocksWork) {
  const RunResult r = run({"grid=wave-and-a-quarter"});
  EXPECT_EQ(scalar(r, "sched.waited_blocks"), scalar(r, "sched.tail_blocks"));
  EXPECT_GT(scalar(r, "sched.kernel_us"), 1.8 * scalar(r, "sched.block_us"));
  EXPECT_GT(scalar(r, "sched.time_one_wave_plus_one_us"), scalar(r, "sched.time_one_wave_us") + 15);
}

TEST_F(BlockSchedulingCuda, SharedMemoryLowersResidencyOnTheGpuToo) {
  const RunResult r = run({"grid=one-wave", "shared_bytes_per_block=100352"});
  EXPECT_EQ(scalar(r, "sched.residency"), 2);
  EXPECT_EQ(scalar(r, "sched.max_resident_per_sm"), 2);
}

TEST_F(BlockSchedulingCuda, UnevenBlocksFillSlotsAsTheyFree) {
  const RunResult r = run({"grid=custom", "blocks=4000", "work_spread_percent=60"});
  EXPECT_LE(scalar(r, "sched.max_resident_per_sm"), scalar(r, "sched.residency"));
  EXPECT_GT(scalar(r, "sched.slot_utilization_pct"), 50);
}

}  // namespace
}  // namespace warpscope::cuda
