#pragma once
/// \file um_streaming_kernels.h
/// The streaming read of lab um-streaming (also the read/update kernel of um-policies): included
/// by the kernels (.cu, C++17) and by host code. No public headers here.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::labs {

/// Threads per block of the streaming read (8 warps).
inline constexpr unsigned kStreamThreadsPerBlock = 256;

/// Blocks a streaming read of `words` 4-byte words launches when each warp reads chunkWords of
/// them (one partial sum per block).
unsigned streamReadBlocks(std::size_t words, std::size_t chunkWords);

/// Each warp reads chunkWords contiguous words (4 bytes per lane per step, the warp's 32 lanes
/// side by side: 128 bytes per step), warp w from word w x chunkWords; the grid covers `words`.
/// Every block writes the sum of its words (as 64-bit) to partials[block]. chunkWords: a multiple
/// of 32. When update is set, each word read is also rewritten as updatedWord(word).
/// Returns cudaGetLastError().
cudaError_t launchStreamRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords, bool update,
                             unsigned long long* partials, cudaStream_t stream);

#ifdef __CUDACC__
#define WS_UM_HOST_DEVICE __host__ __device__
#else
#define WS_UM_HOST_DEVICE
#endif

/// What an updating read writes back (also computed on the host for the check).
WS_UM_HOST_DEVICE inline constexpr std::uint32_t updatedWord(std::uint32_t w) { return w * 3u + 1u; }

}  // namespace warpscope::labs
