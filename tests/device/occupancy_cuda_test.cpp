// The occupancy lab on a GPU: the register-cap kernels really are capped (registers within the
// cap, spills exactly where the cap bites, as the occupancy API sees them), their outputs are
// checked, and the calculator agrees with cudaOccupancyMaxActiveBlocksPerMultiprocessor on
// every configuration the lab compares (issue 7's target).
#include <gtest/gtest.h>

#include <iostream>

#include "cuda/cuda_backend.h"
#include "cuda/device_query.h"
#include "labs/occupancy/occupancy_lab.h"
#include "labs/occupancy/register_cap_kernel.h"
#include "resolved_run.h"

namespace warpscope::cuda {
namespace {

class OccupancyCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cudaUnavailableReason(); !why.empty()) GTEST_SKIP() << "no CUDA device: " << why;
  }
};

double scalar(const RunResult& r, const std::string& id) {
  const Scalar* s = r.findScalar(id);
  EXPECT_NE(s, nullptr) << id;
  return s ? s->value : -1;
}

TEST_F(OccupancyCuda, CalculatorAgreesWithTheOccupancyApiAndCapsSpillWhereTheyBite) {
  CudaBackend backend;
  ParamSet params = defaultParams(labs::occupancySpec().params);
  params.set("shared_bytes_per_block", 20000);
  params.set("carveout_percent", 37);
  CancelToken cancel;
  const RunOutcome outcome = test::runResolved(backend, {labs::kOccupancyId, "cuda:0", params, RunScope::FullSweep}, {}, cancel);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  for (const std::string& note : r.notes) std::cout << "  " << note << "\n";

  EXPECT_GE(scalar(r, "api.configurations"), 1000);
  EXPECT_EQ(scalar(r, "api.mismatches"), 0);

  for (int minBlocks : labs::kCapMinBlocks) {
    const std::string key = "caps.min_blocks_" + std::to_string(minBlocks);
    const double regs = scalar(r, key + ".registers");
    const double local = scalar(r, key + ".local_bytes");
    std::cout << "  min blocks " << minBlocks << ": " << regs << " registers, " << local << " B local, "
              << scalar(r, key + ".occupancy_pct") << "% occupancy, " << scalar(r, key + ".ms") << " ms\n";
    if (minBlocks > 0) {
      EXPECT_LE(regs * 256 * minBlocks, 65536) << key;
    }
    // 64 live values need more than 64 registers: the 64-, 40- and 32-register caps spill.
    if (minBlocks >= 4) EXPECT_GT(local, 0) << key;
    else EXPECT_EQ(local, 0) << key;
  }
  // The tightest cap: full occupancy, yet slower than the uncapped kernel.
  EXPECT_DOUBLE_EQ(scalar(r, "caps.min_blocks_8.occupancy_pct"), 100.0);
  EXPECT_GT(scalar(r, "caps.min_blocks_8.ms"), scalar(r, "caps.min_blocks_0.ms"));
}

}  // namespace
}  // namespace warpscope::cuda
