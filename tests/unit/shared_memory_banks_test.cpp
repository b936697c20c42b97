// The shared-memory bank rule (mechanisms/shared_memory.h) against hand-worked cases: 32 banks of
// 4 bytes, strides of 4-, 8- and 16-byte words, a broadcast, and the 32x32 tile transpose with and
// without a word of padding.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "mechanisms/shared_memory.h"

using namespace warpscope::labs;

namespace {

constexpr int kBanks = 32;
constexpr int kBankBytes = 4;

/// Lane l reads word l x stride of wordBytes-byte words.
int wavefrontsAtStride(int strideWords, int wordBytes) {
  std::vector<std::uint64_t> a;
  for (int lane = 0; lane < 32; ++lane) a.push_back(static_cast<std::uint64_t>(lane * strideWords * wordBytes));
  return sharedWavefronts(a, wordBytes, kBanks, kBankBytes);
}

}  // namespace

TEST(SharedBanks, FourByteWordsConflictAsTheGreatestPowerOfTwoInTheStride) {
  // gcd(stride, 32) lanes share each bank: stride 1 and every odd stride are conflict-free.
  EXPECT_EQ(wavefrontsAtStride(1, 4), 1);
  EXPECT_EQ(wavefrontsAtStride(2, 4), 2);
  EXPECT_EQ(wavefrontsAtStride(3, 4), 1);
  EXPECT_EQ(wavefrontsAtStride(4, 4), 4);
  EXPECT_EQ(wavefrontsAtStride(6, 4), 2);
  EXPECT_EQ(wavefrontsAtStride(8, 4), 8);
  EXPECT_EQ(wavefrontsAtStride(16, 4), 16);
  EXPECT_EQ(wavefrontsAtStride(31, 4), 1);
  EXPECT_EQ(wavefrontsAtStride(32, 4), 32);
  EXPECT_EQ(wavefrontsAtStride(33, 4), 1);
  EXPECT_EQ(wavefrontsAtStride(64, 4), 32);
}

TEST(SharedBanks, WideWordsTakeHalfAndQuarterWarpPhases) {
  // 8-byte words: two half-warp phases of 128 bytes; 16-byte words: four quarter-warp phases.
  EXPECT_EQ(wavefrontsAtStride(1, 8), 2);
  EXPECT_EQ(wavefrontsAtStride(2, 8), 4);   // 16 lanes x 16 bytes apart: two words per bank per phase
  EXPECT_EQ(wavefrontsAtStride(1, 16), 4);
  EXPECT_EQ(wavefrontsAtStride(2, 16), 8);
  EXPECT_EQ(wavefrontsAtStride(3, 16), 4);  // 48 bytes apart: 8 lanes hit 8 distinct bank quads
}

TEST(SharedBanks, EveryLaneOnOneWordIsABroadcast) {
  const std::vector<std::uint64_t> same(32, 12);
  EXPECT_EQ(sharedWavefronts(same, 4, kBanks, kBankBytes), 1);
}

TEST(SharedBanks, TheTransposeReadsAColumnInOneBankUnlessPadded) {
  // Lane l reads tile[l][c] of a 32 x W float tile: address (l x W + c) x 4.
  const auto column = [](int width) {
    std::vector<std::uint64_t> a;
    for (int lane = 0; lane < 32; ++lane) a.push_back(static_cast<std::uint64_t>((lane * width + 5) * 4));
    return a;
  };
  EXPECT_EQ(sharedWavefronts(column(32), 4, kBanks, kBankBytes), 32);
  EXPECT_EQ(sharedWavefronts(column(33), 4, kBanks, kBankBytes), 1);
}
