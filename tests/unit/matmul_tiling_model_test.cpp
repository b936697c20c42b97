// matmul-tiling's model: the tiling arithmetic (shared-memory bytes per flop as Volkov counts
// them), the issue and register estimates, the seed's trend on every profile, and the GTX480
// against Volkov's published GFLOP/s.
#include <gtest/gtest.h>

#include <string>

#include "labs/matmul_tiling/matmul_model.h"
#include "labs/matmul_tiling/matmul_tiling_lab.h"
#include "test_data.h"
#include "warpscope/session.h"
#include "warpscope/backend.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

SgemmPrediction predict(const std::string& profileId, SgemmVariant v, int n = 4096, int tileWidth = 16) {
  const sim::DeviceProfile& p = test::shippedProfile(profileId);
  return predictSgemm(p, matmulParams(p), fmaPipeline(p), v, tileWidth, n);
}

}  // namespace

TEST(MatmulTiling, SharedBytesPerFlopFollowVolkovsCount) {
  // Seed 000, Part IV: 4 B/flop with one output per thread, 3 with two, 2.25 with eight.
  EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Column1, 0)), 4.0);
  EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Column2, 0)), 3.0);
  EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Column4, 0)), 2.5);
  EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Column8, 0)), 2.25);
  // (4 + 4) floats per 16 FMAs and (8 + 8) per 64 FMAs.
  EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Block4x4, 0)), 1.0);
  EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Block8x8, 0)), 0.5);
  for (int w : kSgemmTileWidths)  // seed 002's kernel: 2 loads per FMA whatever the width
    EXPECT_DOUBLE_EQ(sgemmLoadBytesPerFlop(sgemmTiling(SgemmVariant::Tiled, w)), 4.0) << w;
}

TEST(MatmulTiling, GlobalTrafficFallsWithTheBlockTile) {
  EXPECT_DOUBLE_EQ(sgemmGlobalBytesPerFlop(sgemmTiling(SgemmVariant::Tiled, 8)), 0.5);
  EXPECT_DOUBLE_EQ(sgemmGlobalBytesPerFlop(sgemmTiling(SgemmVariant::Column1, 0)), 0.125);
  EXPECT_DOUBLE_EQ(sgemmGlobalBytesPerFlop(sgemmTiling(SgemmVariant::Block8x8, 0)), 0.03125);
}

TEST(MatmulTiling, TilingsDescribeTheLaunchedBlocks) {
  for (SgemmVariant v : kSgemmVariants) {
    const SgemmTiling t = sgemmTiling(v, 16);
    SCOPED_TRACE(sgemmVariantKey(v));
    // Every thread owns outputsPerThread outputs of the block's tile, and the tile divides n.
    EXPECT_EQ(t.threadsPerBlock * t.outputsPerThread, t.blockRows * t.blockCols);
    EXPECT_EQ(kSgemmSizeMultiple % t.blockRows, 0);
    EXPECT_EQ(kSgemmSizeMultiple % t.blockCols, 0);
  }
}

TEST(MatmulTilingModel, IssueShareCountsLoadsOnHopperButHidesThemBehindHalfRateFmaOnFermi) {
  const MatmulParams params = matmulParams(test::shippedProfile("h200"));
  const SgemmTiling column1 = sgemmTiling(SgemmVariant::Column1, 0);
  // Per k: 1 FMA, 2 shared loads, (4 copy + 8 loop) instructions over a 32-wide tile.
  const double other = 2.0 + (4.0 + params.tileLoopInstructions) / 32.0;
  EXPECT_NEAR(fmaIssueFraction(column1, params, 1.0), 1.0 / (1.0 + other), 1e-12);
  EXPECT_NEAR(fmaIssueFraction(column1, params, 0.5), 2.0 / (1.0 + other), 1e-12);
  // Enough FMAs per load and a half-rate FMA pipe issues FMAs every other cycle: no loss.
  EXPECT_DOUBLE_EQ(fmaIssueFraction(sgemmTiling(SgemmVariant::Block8x8, 0), params, 0.5), 1.0);
}

TEST(MatmulTilingModel, RegistersGrowWithOutputsAndStopAtTheArchitecturesCap) {
  const MatmulParams params = matmulParams(test::shippedProfile("h200"));
  const SgemmTiling block8x8 = sgemmTiling(SgemmVariant::Block8x8, 0);
  EXPECT_EQ(estimatedRegisters(block8x8, params, 255), 64 + block8x8.operandRegisters + params.addressingRegisters);
  EXPECT_EQ(estimatedRegisters(block8x8, params, 63), 63);  // GF100: the compiler would spill the rest
  EXPECT_LT(estimatedRegisters(sgemmTiling(SgemmVariant::Column1, 0), params, 255),
            estimatedRegisters(sgemmTiling(SgemmVariant::Column8, 0), params, 255));
}

TEST(MatmulTilingModel, OneOutputPerThreadIsSharedMemoryBoundOnTheH200) {
  const SgemmPrediction p = predict("h200", SgemmVariant::Column1);
  EXPECT_EQ(p.limiter, "shared memory");
  // 128 B/clock x 132 SMs x 1.98 GHz / 4 B/flop, less the last partial wave of blocks.
  EXPECT_NEAR(p.gflops, 128.0 * 132 * 1.98 / 4.0 * p.waveEfficiency, 1e-6);
  EXPECT_DOUBLE_EQ(p.occupancy.occupancyPct, 100.0);
}

TEST(MatmulTilingModel, GtxFourEightyLandsAboveVolkovsMeasurementsWithinFiftyPercent) {
  // Seed 000, Part IV, GTX480 at 1024 x 1024: 242, 341, 427, 485 Gflop/s with 1, 2, 4, 8
  // outputs per thread. The model is a bound (no load latency, no barriers), so above each.
  const std::pair<SgemmVariant, double> seed[] = {{SgemmVariant::Column1, 242},
                                                  {SgemmVariant::Column2, 341},
                                                  {SgemmVariant::Column4, 427},
                                                  {SgemmVariant::Column8, 485}};
  double previous = 0;
  for (const auto& [variant, measured] : seed) {
    const double modelled = predict("gtx480", variant, 1024).gflops;
    SCOPED_TRACE(sgemmVariantKey(variant));
    EXPECT_GE(modelled, measured);
    EXPECT_LE(modelled, 1.5 * measured);
    EXPECT_GT(modelled, previous);
    previous = modelled;
  }
  // And his occupancy for the 1024-thread block: one block of a 1536-thread SM, 67%.
  EXPECT_NEAR(predict("gtx480", SgemmVariant::Column1, 1024).occupancy.occupancyPct, 200.0 / 3.0, 0.01);
}

class MatmulTilingEveryProfile : public ::testing::TestWithParam<std::string> {};

TEST_P(MatmulTilingEveryProfile, ModelShowsGflopsRisingWhileOccupancyFalls) {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  const LabSpec& spec = matmulTilingSpec();
  const RunOutcome outcome =
      session.run({kMatmulTilingId, "sim:" + GetParam(), defaultParams(spec.params), RunScope::FullSweep}, nullptr, cancel);
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  std::string detail;
  EXPECT_TRUE(gflopsRiseWhileOccupancyFalls(outcome.result(), &detail)) << detail;
  EXPECT_EQ(outcome.result().findScalar("matmul.cublas_gflops"), nullptr) << "the simulator has no cuBLAS";
}

INSTANTIATE_TEST_SUITE_P(Profiles, MatmulTilingEveryProfile,
                         ::testing::Values("a100", "gtx480", "h100", "h200", "v100"));

// ---- Against the H200 run recorded by Warpscope (resources/recordings/h200_matmul_tiling.json,
// warpscope-cli run matmul-tiling --device cuda:0, N = 4096) --------------------------------------

TEST(MatmulTilingRecording, RecordedH200RunMeetsTheLabsTargets) {
  const RunResult measured = test::loadRecording("h200_matmul_tiling.json");
  ASSERT_EQ(measured.provenance, Provenance::Measured);
  for (const BenchCheck& check : matmulBenchChecks(measured, test::shippedProfile("h200").info))
    EXPECT_TRUE(check.pass) << check.what << ": " << check.value << " " << check.detail;
}

TEST(MatmulTilingRecording, ModelIsWithinFortyPercentOfEveryMeasuredVariantOnTheH200) {
  // The model is a bound built from per-thread counts: it undercounts what broadcast shared
  // loads save the column strips (measured above the model by up to 34%) and ignores barrier and
  // load latency at the 8 x 8 kernel's 25% occupancy (model 36% above). docs/labs/matmul-tiling.md.
  const RunResult measured = test::loadRecording("h200_matmul_tiling.json");
  for (SgemmVariant v : kSgemmVariants) {
    const Scalar* real = measured.findScalar("matmul.gflops." + sgemmVariantKey(v));
    ASSERT_NE(real, nullptr) << sgemmVariantKey(v);
    const double modelled = predict("h200", v, static_cast<int>(measured.params.at("n")),
                                    static_cast<int>(measured.params.at("tile_width")))
                                .gflops;
    EXPECT_NEAR(modelled / real->value, 1.0, 0.4) << sgemmVariantKey(v) << ": model " << modelled
                                                   << ", measured " << real->value;
  }
}

TEST(MatmulTilingRecording, ModelledBlocksPerSmMatchTheOccupancyApi) {
  // The register estimate is 8-18% below the compiled counts, yet after the allocation rounding
  // every variant gets the blocks per SM cudaOccupancyMaxActiveBlocksPerMultiprocessor reported.
  const RunResult measured = test::loadRecording("h200_matmul_tiling.json");
  for (SgemmVariant v : kSgemmVariants) {
    const Scalar* blocks = measured.findScalar("matmul.blocks_per_sm." + sgemmVariantKey(v));
    ASSERT_NE(blocks, nullptr);
    const int modelled = predict("h200", v).occupancy.blocksPerSm;
    EXPECT_EQ(modelled, static_cast<int>(blocks->value)) << sgemmVariantKey(v);
  }
}
