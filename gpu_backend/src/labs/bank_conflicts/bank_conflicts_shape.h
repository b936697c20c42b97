#pragma once
/// \file bank_conflicts_shape.h
/// The bank-conflicts lab's access patterns, written once for the kernels (.cu, C++17), the host
/// checks and the model: every lane of a warp starts at a word of a shared tile of wordBytes-byte
/// words and reads it and 63 more, 32 words apart (which keeps it in its bank). Dependency-free.

namespace warpscope::labs {

/// Word sizes: float, float2, float4 (one 32-, 64- or 128-bit shared load per read).
inline constexpr int kBankWordBytes[] = {4, 8, 16};
/// Lane bases are below this many words; reads go up to 2 x it (bases + 63 x 32 < 2 x 2048).
inline constexpr unsigned kBankBaseWords = 2048;
/// Reads per lane and pass: 64, each 32 words after the last (the same bank, a different word).
inline constexpr int kBankReadsPerPass = 64;
/// Words in the shared tile: room for every base plus 63 x 32, and a second half the odd passes
/// read (so no pass can reuse another's loads).
inline constexpr unsigned kBankTileWords = 2 * kBankBaseWords + kBankBaseWords;

/// The named patterns beside the stride sweep.
enum class BankPattern { Strided = 0, Transpose = 1, TransposePadded = 2, Broadcast = 3 };
inline constexpr int kBankPatternCount = 4;

/// Lane `lane`'s first word: lane x stride (strided), a 32-word row per lane (the transpose's
/// column read of a 32 x 32 tile), 33 words per row (padded by one word), or one word for all.
constexpr unsigned bankLaneBase(BankPattern pattern, unsigned lane, unsigned strideWords) {
  switch (pattern) {
    case BankPattern::Transpose: return lane * 32u;
    case BankPattern::TransposePadded: return lane * 33u;
    case BankPattern::Broadcast: return 0u;
    case BankPattern::Strided: break;
  }
  return (lane * strideWords) % kBankBaseWords;
}

}  // namespace warpscope::labs
