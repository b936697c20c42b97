#pragma once
/// \file sgemm_variants.h
/// The SGEMM variants of matmul-tiling and their tiling, written once: the kernels (.cu, built as
/// C++17), the model and the assembly all read the same numbers from here. No dependencies.
///
/// Every kernel computes C = A x B for row-major n x n floats; n is a multiple of
/// kSgemmSizeMultiple, so no kernel needs edge checks.

namespace warpscope::labs {

/// n must be a multiple of this (the largest block tile, 128 x 128).
inline constexpr int kSgemmSizeMultiple = 128;

enum class SgemmVariant {
  Naive,     ///< One output per thread, operands straight from global memory (through L1).
  Tiled,     ///< Seed 002's kernel: tile_width x tile_width tiles of A and B in shared memory.
  Column1,   ///< Volkov IV: 32 x 32 tiles, each thread a column strip of 1 output...
  Column2,   ///< ... 2 outputs (32 x 16 threads)...
  Column4,   ///< ... 4 outputs (32 x 8 threads)...
  Column8,   ///< ... 8 outputs (32 x 4 threads).
  Block4x4,  ///< 16 outputs per thread: 64 x 64 block tile, 4 x 4 per thread, float4 loads.
  Block8x8,  ///< 64 outputs per thread: 128 x 128 block tile, 8 x 8 per thread, float4 loads
             ///< (one variant beyond issue 7's list: the well-known SGEMM tutorials' layout).
  Warp8x8,   ///< 64 outputs per thread as Block8x8, the threads grouped in 32 x 64 warp tiles and
             ///< BK = 16 (issue 31: >= 0.9 of cuBLAS).
};

inline constexpr SgemmVariant kSgemmVariants[] = {
    SgemmVariant::Naive,   SgemmVariant::Tiled,   SgemmVariant::Column1,  SgemmVariant::Column2,
    SgemmVariant::Column4, SgemmVariant::Column8, SgemmVariant::Block4x4, SgemmVariant::Block8x8,
    SgemmVariant::Warp8x8};
inline constexpr int kSgemmVariantCount = sizeof(kSgemmVariants) / sizeof(kSgemmVariants[0]);

/// Tile widths the Tiled variant is compiled for (the tile_width parameter's choices).
inline constexpr int kSgemmTileWidths[] = {8, 16, 32};

/// Threads per block of the naive kernel (16 x 16).
inline constexpr int kNaiveBlockSide = 16;

/// How one variant splits the work: what the model and the analytic columns are computed from.
struct SgemmTiling {
  int blockRows = 0;        ///< Rows of C one block computes (BM).
  int blockCols = 0;        ///< Columns of C one block computes (BN).
  int kTile = 0;            ///< k values per shared-memory tile (BK); the naive kernel: 1.
  int threadsPerBlock = 0;
  int outputsPerThread = 0;  ///< Independent accumulators per thread (its FMA ILP).
  int sharedBytes = 0;       ///< Static shared memory per block.
  /// Bytes each thread loads per k step from shared memory (Volkov counts 4 B per thread and
  /// load, broadcasts included); for the naive kernel the bytes it loads through L1 instead.
  int loadBytesPerK = 0;
  /// Load instructions per thread per k step as the kernel is written (a float4 load is one).
  double loadInstrPerK = 0;
  /// Values a thread holds besides its accumulators while it runs a k step (the A and B operands)
  /// plus the registers staging the next tile's global loads.
  int operandRegisters = 0;
  /// Global loads and shared stores per thread per tile (instructions), for the issue count.
  int tileCopyInstr = 0;
  bool usesShared = true;
  bool vectorized = false;  ///< float4 loads and stores.
};

/// The tiling of `variant`; tileWidth matters only for Tiled (8, 16 or 32).
constexpr SgemmTiling sgemmTiling(SgemmVariant variant, int tileWidth) {
  SgemmTiling t;
  switch (variant) {
    case SgemmVariant::Naive:
      t = {kNaiveBlockSide, kNaiveBlockSide, 1, kNaiveBlockSide * kNaiveBlockSide, 1, 0, 8, 2, 2, 0, false, false};
      break;
    case SgemmVariant::Tiled:
      // Each thread copies one element of A and one of B per tile (2 loads + 2 stores).
      t = {tileWidth, tileWidth, tileWidth, tileWidth * tileWidth, 1, 2 * tileWidth * tileWidth * 4, 8, 2, 2, 4,
           true, false};
      break;
    case SgemmVariant::Column1:
    case SgemmVariant::Column2:
    case SgemmVariant::Column4:
    case SgemmVariant::Column8: {
      const int r = variant == SgemmVariant::Column1   ? 1
                    : variant == SgemmVariant::Column2 ? 2
                    : variant == SgemmVariant::Column4 ? 4
                                                       : 8;
      // Per k: one B value shared by the strip, r A values (warp-wide broadcasts).
      t = {32, 32, 32, 32 * 32 / r, r, 2 * 32 * 32 * 4, 4 * (1 + r), 1.0 + r, 1 + r, 4 * r, true, false};
      break;
    }
    case SgemmVariant::Block4x4:
      // Per k: a float4 of A (transposed in shared memory) and a float4 of B; one float4 of each
      // staged per tile (BK = 16: 64 x 16 + 16 x 64 floats over 256 threads).
      t = {64, 64, 16, 256, 16, (16 * (64 + 4) + 16 * 64) * 4, 32, 2, 8 + 8, 2 + 5, true, true};
      break;
    case SgemmVariant::Block8x8:
      // Per k: two float4 of A and two of B; one float4 of each staged per tile (BK = 8).
      t = {128, 128, 8, 256, 64, (8 * (128 + 4) + 8 * 128) * 4, 64, 4, 16 + 8, 2 + 5, true, true};
      break;
    case SgemmVariant::Warp8x8:
      // Per k: two float4 of A and two of B, as Block8x8; two float4 of each staged per tile
      // (BK = 16): 4 global loads, 8 scalar stores of A (transposed) and 2 float4 stores of B.
      t = {128, 128, 16, 256, 64, (16 * (128 + 4) + 16 * 128) * 4, 64, 4, 16 + 16, 4 + 10, true, true};
      break;
  }
  return t;
}

/// Shared-memory (naive: L1) bytes loaded per flop: loadBytesPerK over 2 flops per output.
constexpr double sgemmLoadBytesPerFlop(const SgemmTiling& t) {
  return static_cast<double>(t.loadBytesPerK) / (2.0 * t.outputsPerThread);
}

/// Global bytes per flop if every tile came from DRAM: A is read n / BN times and B n / BM
/// times, 4 n^3 (1/BM + 1/BN) bytes for 2 n^3 flops.
constexpr double sgemmGlobalBytesPerFlop(const SgemmTiling& t) {
  return 2.0 * (1.0 / t.blockRows + 1.0 / t.blockCols);
}

}  // namespace warpscope::labs
