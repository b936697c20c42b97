// The scalars under the chart as a class reads them: codes as words, flags as yes/no, fractions
// as percentages, and per-variant figures as one table instead of dozens of "variant: figure" rows.
#include <gtest/gtest.h>

#include "qt_text.h"
#include "scalar_layout.h"

using namespace warpscope;
using namespace warpscope::ui;

TEST(ScalarLayout, CodesFlagsAndFractionsReadAsWords) {
  const ScalarRow code = readableScalar({"x", "Limiting resource (0 warps, 1 registers, 2 shared memory, 3 blocks)", 1, ""});
  EXPECT_EQ(code.label, QStringLiteral("Limiting resource"));
  EXPECT_EQ(code.value, QStringLiteral("registers"));
  const ScalarRow flag = readableScalar({"x", "Trace complete (1 = yes)", 0, ""});
  EXPECT_EQ(flag.label, QStringLiteral("Trace complete"));
  EXPECT_EQ(flag.value, QStringLiteral("no"));
  EXPECT_EQ(readableScalar({"x", "Best variant: fraction of FP32 peak", 0.888, ""}).value, QStringLiteral("88.8 %"));
  EXPECT_EQ(readableScalar({"x", "Throughput", 4201, "GB/s"}).value, QStringLiteral("4,201 GB/s"));
}

TEST(ScalarLayout, VariantFiguresBecomeOneTableAndOneOffFiguresStayRows) {
  const std::vector<Scalar> scalars = {
      {"a", "Naive: throughput", 5991.8, "GFLOP/s"},
      {"b", "Naive: shared-memory bytes per flop (none; 4 through L1)", 0, "B/flop"},
      {"c", "Tiled 16x16: throughput", 8238.8, "GFLOP/s"},
      {"d", "Tiled 16x16: shared-memory bytes per flop", 4, "B/flop"},
      {"e", "Theoretical FP32 peak", 66908, "GFLOP/s"},
      {"f", "Best variant: throughput", 59425, "GFLOP/s"},
  };
  const ScalarLayout layout = layOutScalars(scalars);
  ASSERT_EQ(layout.rows.size(), 2u);
  EXPECT_EQ(layout.rows[0].label, QStringLiteral("Theoretical FP32 peak"));
  EXPECT_EQ(layout.rows[1].label, QStringLiteral("Best variant: throughput"));
  ASSERT_EQ(layout.tables.size(), 1u);
  const ScalarTable& t = layout.tables[0];
  EXPECT_EQ(t.rowNames, (QStringList{QStringLiteral("Naive"), QStringLiteral("Tiled 16x16")}));
  EXPECT_EQ(t.columns, (QStringList{QStringLiteral("throughput"), QStringLiteral("shared-memory bytes per flop")}));
  EXPECT_EQ(t.cells[0][1], QStringLiteral("0 B/flop (none; 4 through L1)"));
  EXPECT_EQ(t.cells[1][0], QStringLiteral("8,239 GFLOP/s"));
}

TEST(ScalarLayout, ALoneVariantIsNotATable) {
  const ScalarLayout layout = layOutScalars({{"a", "SM 0: cycles", 5, ""}, {"b", "SM 0: warps", 2, ""}});
  EXPECT_TRUE(layout.tables.empty());
  EXPECT_EQ(layout.rows.size(), 2u);
}

TEST(ScalarLayout, KeyFiguresLeadInTheLabsOrderAndTablesStayWhole) {
  const std::vector<Scalar> scalars = {
      {"naive", "Naive: throughput", 5991.8, "GFLOP/s"},
      {"naive.b", "Naive: registers", 27, ""},
      {"tiled", "Tiled 16x16: throughput", 8238.8, "GFLOP/s"},
      {"tiled.b", "Tiled 16x16: registers", 27, ""},
      {"peak", "Theoretical FP32 peak", 66908, "GFLOP/s"},
      {"best", "Best variant: throughput", 59425, "GFLOP/s"},
  };
  const ScalarLayout layout = layOutScalars(scalars, {"best", "naive", "missing"});
  ASSERT_EQ(layout.keyFigures.size(), 2u) << "a declared figure the run lacks is left out";
  EXPECT_EQ(layout.keyFigures[0].label, QStringLiteral("Best variant: throughput"));
  EXPECT_EQ(layout.keyFigures[1].label, QStringLiteral("Naive: throughput"));
  ASSERT_EQ(layout.rows.size(), 1u) << "a key figure is not repeated among the rows";
  EXPECT_EQ(layout.rows[0].label, QStringLiteral("Theoretical FP32 peak"));
  ASSERT_EQ(layout.tables.size(), 1u);
  EXPECT_EQ(layout.tables[0].rowNames, (QStringList{QStringLiteral("Naive"), QStringLiteral("Tiled 16x16")}))
      << "the variant table keeps the key figure's row";
  EXPECT_EQ(presentedFigures(layout).size(), 2u);
  const ScalarLayout undeclared = layOutScalars(scalars);
  EXPECT_EQ(presentedFigures(undeclared).size(), 2u) << "without key figures, the first one-off rows are presented";
}

// On screen: "1 lines", "1 elements", "0 fraction" (issue 28, internal words on screen).
TEST(UnitAfter, ACountOfOneIsSingularAFractionIsAPlainNumberSymbolsStay) {
  using warpscope::ui::numberWithUnit;
  EXPECT_EQ(numberWithUnit(1, "lines"), QStringLiteral("1 line"));
  EXPECT_EQ(numberWithUnit(4, "sectors"), QStringLiteral("4 sectors"));
  EXPECT_EQ(numberWithUnit(1, "addresses"), QStringLiteral("1 address"));
  EXPECT_EQ(numberWithUnit(0, "fraction"), QStringLiteral("0"));
  EXPECT_EQ(numberWithUnit(0.25, "fraction"), QStringLiteral("0.25"));
  EXPECT_EQ(numberWithUnit(1, "ms"), QStringLiteral("1 ms"));
  EXPECT_EQ(numberWithUnit(1, "GB/s"), QStringLiteral("1 GB/s"));
  EXPECT_EQ(numberWithUnit(1, "FMAs"), QStringLiteral("1 FMAs")) << "not a lowercase word: left alone";
  EXPECT_EQ(numberWithUnit(1, ""), QStringLiteral("1"));
}
