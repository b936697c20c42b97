#pragma once
/// \file bank_conflicts_kernels.h
/// The bank-conflicts lab's kernel (work in progress: the lab itself lands in the next session):
/// every warp reads shared memory at a stride of wordBytes-byte words, the same pattern on every
/// repetition, so its wavefronts per request are the bank rule's (mechanisms/shared_memory.h).

#include <cuda_runtime_api.h>

namespace warpscope::cuda {

/// Words of the shared tile (a multiple of 32 and more than 31 x the largest stride, 64).
inline constexpr unsigned kBankTileWords = 2048;

/// Lane l of each warp reads word (l x stride + 32 r) mod kBankTileWords of a shared tile of
/// wordBytes-byte words (4: float, 8: float2, 16: float4) for r < reps (adding 32 words keeps every
/// lane in its bank), summing word index values; thread t writes its sum's first float to out[t].
/// Returns cudaGetLastError().
cudaError_t launchSharedStridedRead(int wordBytes, unsigned blocks, unsigned threadsPerBlock, unsigned stride,
                                    unsigned reps, float* out);

/// What thread `lane` of any warp writes: the sum over r < reps of (l x stride + 32 r) mod
/// kBankTileWords (exact in float while it stays below 2^24).
float sharedStridedReadExpected(unsigned lane, unsigned stride, unsigned reps);

}  // namespace warpscope::cuda
