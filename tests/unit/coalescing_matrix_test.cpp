// The coalescing lab's 2D case: the two mappings of a thread index onto a row-major matrix (each
// copies every element once), the sector rule for one warp of each (4 sectors in a line vs 32 in
// 32 lines), the model's two limits (DRAM once when sectors are used up in the L2, one L2 request
// per line), and the bars view and scalars a full run carries and a stride step leaves out.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "labs/coalescing/coalescing_lab.h"
#include "labs/coalescing/coalescing_matrix.h"
#include "labs/coalescing/coalescing_model.h"
#include "mechanisms/dram_system.h"
#include "sim/simulator_backend.h"
#include "test_data.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RunOutcome simulate(const std::vector<std::string>& sets, RunScope scope = RunScope::FullSweep) {
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({kCoalescingId, "sim:h200", parseAssignments(coalescingSpec().params, sets), scope}, nullptr,
                     cancel);
}

}  // namespace

TEST(CoalescingMatrix, BothMappingsCopyEveryElementExactlyOnce) {
  const unsigned long long side = 64;
  for (MatrixMapping m : {MatrixMapping::ThreadPerColumn, MatrixMapping::ThreadPerRow}) {
    std::set<unsigned long long> seen;
    for (unsigned long long j = 0; j < side * side; ++j) seen.insert(matrixElement(m, j, side));
    EXPECT_EQ(seen.size(), side * side) << matrixMappingName(m);
    EXPECT_EQ(*seen.rbegin(), side * side - 1) << matrixMappingName(m);
  }
  // Thread per row: consecutive work items are consecutive rows of one column.
  EXPECT_EQ(matrixElement(MatrixMapping::ThreadPerRow, 1, side), side);
  EXPECT_EQ(matrixElement(MatrixMapping::ThreadPerRow, side, side), 1u);
}

TEST(CoalescingMatrix, AWarpAlongARowTouchesOneLineAndDownAColumnThirtyTwo) {
  const MemoryTransactions rule;
  const WarpFootprint column = matrixFootprint(MatrixMapping::ThreadPerColumn, 8192, rule);
  EXPECT_EQ(column.sectors, 4);
  EXPECT_EQ(column.lines, 1);
  EXPECT_EQ(column.usefulBytes, 128);
  const WarpFootprint row = matrixFootprint(MatrixMapping::ThreadPerRow, 8192, rule);
  EXPECT_EQ(row.sectors, 32);
  EXPECT_EQ(row.lines, 32);
  EXPECT_EQ(row.usefulBytes, 128);
}

TEST(CoalescingMatrix, ThreadPerRowIsLimitedByTheL2sLineRequestsNotByDram) {
  const sim::DeviceProfile& h200 = test::shippedProfile("h200");
  const MemoryTransactions rule = memoryTransactions(h200);
  const CoalescingMatrixRates row = coalescingMatrixModelRates(h200, MatrixMapping::ThreadPerRow, 8192);
  EXPECT_TRUE(row.sectorsReused);  // 8192 rows x 96 bytes between uses of a sector: far below the L2
  // 4 useful bytes per line request.
  EXPECT_NEAR(row.l2LimitGBs, 4 * rule.l2LineRequestsPerClock * h200.info.smClockMhz * 1e-3, 1e-9);
  EXPECT_NEAR(row.usefulGBs, row.l2LimitGBs, 0.01 * row.l2LimitGBs);
  // DRAM moves the matrix once, as the coalesced copy does.
  const CoalescingMatrixRates column = coalescingMatrixModelRates(h200, MatrixMapping::ThreadPerColumn, 8192);
  EXPECT_DOUBLE_EQ(row.dramLimitGBs, column.dramLimitGBs);
  EXPECT_LT(column.usefulGBs, copyKernelCeilingGBs(h200));
  EXPECT_GT(column.usefulGBs, 4 * row.usefulGBs);
}

TEST(CoalescingMatrix, SectorsEvictedBeforeTheirNeighboursMoveForEachWarpAlone) {
  // The same GPU with a 256 KiB L2: the 8192 rows' sectors and granules between two uses of a
  // sector no longer fit, so DRAM moves each warp's 32 sectors (and their fills) for 128 bytes.
  sim::DeviceProfile small = test::shippedProfile("h200");
  small.info.l2Bytes = 256 << 10;
  const CoalescingMatrixRates row = coalescingMatrixModelRates(small, MatrixMapping::ThreadPerRow, 8192);
  EXPECT_FALSE(row.sectorsReused);
  const CoalescingPlan copy{.elementBytes = 4, .offsetElements = 0, .strides = {}, .focusStride = 1};
  EXPECT_DOUBLE_EQ(row.dramLimitGBs, coalescingModelRates(small, copy, 8192).usefulGBs);
  EXPECT_LT(row.usefulGBs, coalescingMatrixModelRates(test::shippedProfile("h200"), MatrixMapping::ThreadPerRow, 8192).usefulGBs);
}

TEST(CoalescingMatrix, AFullRunHasTheBarsAndScalarsAndAStrideStepLeavesThemOut) {
  const RunOutcome out = simulate({"matrix_side=4096"});
  ASSERT_TRUE(out.ok()) << out.error().message;
  const View* bars = out.result().findView("matrix-rows-vs-columns");
  ASSERT_NE(bars, nullptr);
  EXPECT_EQ(bars->kind, ViewKind::Bars);
  ASSERT_EQ(bars->bars.categories.size(), 2u);
  ASSERT_EQ(bars->bars.series.size(), 1u);  // simulated: the model alone
  EXPECT_GT(bars->bars.series[0].values[0].value, bars->bars.series[0].values[1].value);
  for (const char* id : {"coalescing.matrix_column_gbps", "coalescing.matrix_row_gbps", "coalescing.matrix_column_over_row",
                         "coalescing.matrix_row_sectors_per_request", "coalescing.matrix_column_sectors_per_request",
                         "coalescing.matrix_row_lines_per_request_model"})
    EXPECT_NE(out.result().findScalar(id), nullptr) << id;
  EXPECT_DOUBLE_EQ(out.result().findScalar("coalescing.matrix_row_sectors_per_request")->value, 32);

  const RunOutcome step = simulate({"stride=8"}, RunScope::FocusOnly);
  ASSERT_TRUE(step.ok()) << step.error().message;
  EXPECT_EQ(step.result().findView("matrix-rows-vs-columns"), nullptr);
}

TEST(CoalescingMatrix, ASideOffTheChoicesIsBadInputNamingIt) {
  try {
    (void)simulate({"matrix_side=5000"});
    FAIL() << "matrix_side=5000 was accepted";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("matrix_side"), std::string::npos) << e.what();
  }
}
