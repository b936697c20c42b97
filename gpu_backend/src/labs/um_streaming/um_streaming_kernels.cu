// Streaming read of managed (or device) memory: the access pattern decides how the GPU faults
// pages in. warpChunkBytes = 128 (32 words per warp) is the seed's thread/4B kernel: the grid
// covers the buffer with one thread per word, so all warps fault at once over the whole range;
// larger chunks make each warp walk its own range in order (64 KiB: the seed's warp/64K).
#include "labs/um_streaming/um_streaming_kernels.h"

namespace warpscope::labs {
namespace {

__global__ void streamRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords, bool update,
                           unsigned long long* partials) {
  __shared__ unsigned long long warpSums[kStreamThreadsPerBlock / 32];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warpInBlock = threadIdx.x / 32u;
  const std::size_t warp = static_cast<std::size_t>(blockIdx.x) * (kStreamThreadsPerBlock / 32) + warpInBlock;
  const std::size_t begin = warp * chunkWords;
  std::size_t end = begin + chunkWords;
  if (end > words) end = words;
  unsigned long long sum = 0;
  for (std::size_t i = begin + lane; i < end; i += 32) {
    const std::uint32_t w = data[i];
    sum += w;
    if (update) data[i] = updatedWord(w);
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) warpSums[warpInBlock] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long block = 0;
    for (unsigned i = 0; i < kStreamThreadsPerBlock / 32; ++i) block += warpSums[i];
    partials[blockIdx.x] = block;
  }
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
