#pragma once
/// \file block_scheduling_shape.h
/// What one block of the block-scheduling lab does and leaves behind, shared by the kernel (.cu),
/// its host code and the model, so the GPU and the model run the same work per block.
///
/// A block holds its SM for a set time and nothing else: thread 0 reads %globaltimer, every
/// thread waits until the block's work time has passed, and thread 0 stores one BlockRecord. The
/// SM's issue slots are nearly idle meanwhile, so the blocks that share an SM do not slow each
/// other and what the trace shows is the block scheduler alone: which SM each block went to, when
/// it started and when its slot freed up for the next.

#include <cstdint>

#if defined(__CUDACC__)
#define WS_BLOCK_SHAPE_HD __host__ __device__
#else
#define WS_BLOCK_SHAPE_HD
#endif

namespace warpscope::labs {

/// One block's record, 24 bytes, written by its thread 0 at the block's end.
struct BlockRecord {
  unsigned long long startNs;  ///< %globaltimer when thread 0 began (ns; 32 ns steps on Hopper).
  unsigned long long endNs;    ///< %globaltimer after every thread's wait (after __syncthreads).
  std::uint32_t sm;            ///< %smid.
  std::uint32_t threads;       ///< __syncthreads_count(1): every thread of the block ran.
};
static_assert(sizeof(BlockRecord) == 24, "one record is 24 bytes");

/// The work time of block `block`: baseNs, varied by up to +-spreadPercent by a hash of the block
/// id (the same on the GPU and in the model; spreadPercent 0: every block the same).
WS_BLOCK_SHAPE_HD inline unsigned long long blockWorkNs(unsigned block, unsigned long long baseNs,
                                                        unsigned spreadPercent) {
  unsigned h = block * 2654435761u;  // Knuth's multiplicative hash, then a xorshift mix
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  const long long permille = static_cast<long long>(h % 2001u) - 1000;  // -1000..1000
  const long long offset = static_cast<long long>(baseNs) * static_cast<long long>(spreadPercent) * permille / 100000;
  return static_cast<unsigned long long>(static_cast<long long>(baseNs) + offset);
}

}  // namespace warpscope::labs
