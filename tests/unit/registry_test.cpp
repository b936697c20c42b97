#include <gtest/gtest.h>

#include "warpscope/registry.h"

using namespace warpscope;

TEST(LabRegistry, ListsBothLatencyLabsInOrder) {
  const auto& labs = LabRegistry::builtin().labs();
  ASSERT_GE(labs.size(), 2u);
  EXPECT_EQ(labs[0].id, "latency-arith");
  EXPECT_EQ(labs[1].id, "latency-memory");
}

TEST(LabRegistry, UnknownLabErrorListsKnownIds) {
  try {
    (void)LabRegistry::builtin().get("latency-disk");
    FAIL() << "expected BadInputError";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("labs: latency-arith, latency-memory"), std::string::npos) << e.what();
  }
  EXPECT_EQ(LabRegistry::builtin().find("nope"), nullptr);
}

TEST(LabRegistry, LatencyArithDeclaresTheIssueParameters) {
  const LabSpec& lab = LabRegistry::builtin().get("latency-arith");
  const ParamSpec* ilp = findParam(lab.params, "ilp");
  ASSERT_NE(ilp, nullptr);
  EXPECT_EQ(ilp->choices, (std::vector<double>{1, 2, 3, 4, 6, 8}));
  EXPECT_NE(findParam(lab.params, "threads_per_block"), nullptr);
  EXPECT_NE(findParam(lab.params, "blocks_per_sm"), nullptr);
}

TEST(LabRegistry, LatencyMemoryCoversFourTo256BytesPerThread) {
  const LabSpec& lab = LabRegistry::builtin().get("latency-memory");
  const ParamSpec* elements = findParam(lab.params, "elements_per_thread");
  const ParamSpec* bytes = findParam(lab.params, "element_bytes");
  ASSERT_TRUE(elements && bytes);
  EXPECT_EQ(elements->min * bytes->choices.front(), 4);
  EXPECT_EQ(elements->max * bytes->choices.back(), 256);
}
