// Streaming read of managed (or device) memory: the access pattern decides how the GPU faults
// pages in. warpChunkBytes = 128 (32 words per warp) is the seed's thread/4B kernel: the grid
// covers the buffer with one thread per word, so all warps fault at once over the whole range;
// larger chunks make each warp walk its own range in order (64 KiB: the seed's warp/64K).
#include "labs/um_streaming/um_streaming_kernels.h"

#include "labs/um_common/um_chunk_sum.cuh"

namespace warpscope::labs {
namespace {

__global__ void streamRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords, bool update,
                           unsigned long long* partials) {
  sumWarpChunks<kStreamThreadsPerBlock>(data, words, chunkWords, update,
                                        [](std::uint32_t w) { return updatedWord(w); }, partials);
}

}  // namespace

unsigned streamReadBlocks(std::size_t words, std::size_t chunkWords) {
  const std::size_t warps = (words + chunkWords - 1) / chunkWords;
  const std::size_t warpsPerBlock = kStreamThreadsPerBlock / 32;
  return static_cast<unsigned>((warps + warpsPerBlock - 1) / warpsPerBlock);
}

cudaError_t launchStreamRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords, bool update,
                             unsigned long long* partials, cudaStream_t stream) {
  streamRead<<<streamReadBlocks(words, chunkWords), kStreamThreadsPerBlock, 0, stream>>>(data, words, chunkWords,
                                                                                         update, partials);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
