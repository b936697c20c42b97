#pragma once
/// \file bank_conflicts_kernels.h
/// The bank-conflicts lab's kernel: every warp reads a shared tile in one access pattern, the same
/// on every read, so its wavefronts per request are the bank rule's (mechanisms/shared_memory.h)
/// and its throughput is what those wavefronts allow.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace warpscope::cuda {

/// Each lane's first word (32 values, below labs::kBankBaseWords).
struct BankLaneBases {
  unsigned word[32];
};

/// Dynamic shared memory the kernel takes for wordBytes-byte words.
std::size_t sharedPatternTileBytes(int wordBytes);

/// Lane l of every warp reads words base[l] + 32 r (+ kBankBaseWords on odd passes) for r < 64, in
/// `passes` passes, with one 32-, 64- or 128-bit shared load each (wordBytes 4, 8, 16; volatile, so
/// none is hoisted or merged), summing every component; thread t writes the sum to out[t]. The
/// tile holds word i's index i in every component. Returns cudaGetLastError().
cudaError_t launchSharedPatternRead(int wordBytes, unsigned blocks, unsigned threadsPerBlock, const BankLaneBases& bases,
                                    unsigned passes, float* out);

/// What every thread of lane `lane` writes (exact in float while below 2^24).
double sharedPatternExpected(int wordBytes, unsigned laneBase, unsigned passes);

}  // namespace warpscope::cuda
