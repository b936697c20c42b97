// Guards the page table's word-at-a-time readers against the page-by-page definition they
// replace on the fault path.
#include "labs/um_common/uvm_page_table.h"

#include <gtest/gtest.h>

#include <random>

namespace warpscope::labs::um {
namespace {

TEST(UvmPageTable, ResidentMaskMatchesResidentOnPageByPageIncludingAShortLastBlock) {
  PageTable table((3 * kPagesPerChunk + 37) * kPageBytes);  // the last block has 37 pages
  std::mt19937 rng(7);
  for (auto& r : table.resident) r = static_cast<std::uint8_t>(rng() & 7u);
  for (std::uint32_t block = 0; block < table.blockCount(); ++block) {
    for (const Processor p : {Processor::Cpu, Processor::Gpu0, Processor::Gpu1}) {
      const BlockPageMask mask = table.residentMask(block, p);
      const int n = static_cast<int>(table.pagesInBlock(block));
      for (int k = 0; k < kPagesPerChunk; ++k) {
        const bool expected = k < n && table.residentOn(block * kPagesPerChunk + static_cast<std::uint32_t>(k), p);
        ASSERT_EQ(mask.test(k), expected) << "block " << block << " page " << k << " processor " << static_cast<int>(p);
      }
    }
  }
}

TEST(UvmPageTable, BlockPageMaskVisitsSetPagesInOrderAndFindsTheNext) {
  BlockPageMask mask;
  for (const int page : {0, 63, 64, 200, 511}) mask.set(page);
  std::vector<int> seen;
  mask.forEach([&](int page) { seen.push_back(page); });
  EXPECT_EQ(seen, (std::vector<int>{0, 63, 64, 200, 511}));
  EXPECT_EQ(mask.nextSet(1), 63);
  EXPECT_EQ(mask.nextSet(65), 200);
  EXPECT_EQ(mask.nextSet(512 - 1), 511);
  mask.clear(511);
  EXPECT_EQ(mask.nextSet(201), 512) << "none left";
  BlockPageMask full;
  full.fill(0, 37);
  EXPECT_TRUE(full.allOf(37));
  EXPECT_FALSE(full.allOf(38));
}

}  // namespace
}  // namespace warpscope::labs::um
