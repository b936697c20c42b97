#pragma once
// The read both um-streaming's and um-policies' kernels do, written once (device code, included
// only by .cu files): each warp walks its own chunk of 32-bit words, 32 consecutive words per
// step, optionally rewriting each, and the block's warp sums land in partials[blockIdx.x] for
// the host to check.
#include <cstddef>
#include <cstdint>

namespace warpscope::labs {

/// The body of a kernel launched with ThreadsPerBlock threads; `updated(word)` is what a word
/// becomes when `update` is set.
template <unsigned ThreadsPerBlock, typename Update>
__device__ void sumWarpChunks(std::uint32_t* data, std::size_t words, std::size_t chunkWords, bool update,
                              Update updated, unsigned long long* partials) {
  __shared__ unsigned long long warpSums[ThreadsPerBlock / 32];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warpInBlock = threadIdx.x / 32u;
  const std::size_t warp = static_cast<std::size_t>(blockIdx.x) * (ThreadsPerBlock / 32) + warpInBlock;
  const std::size_t begin = warp * chunkWords;
  std::size_t end = begin + chunkWords;
  if (end > words) end = words;
  unsigned long long sum = 0;
  for (std::size_t i = begin + lane; i < end; i += 32) {
    const std::uint32_t w = data[i];
    sum += w;
    if (update) data[i] = updated(w);
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) warpSums[warpInBlock] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long block = 0;
    for (unsigned i = 0; i < ThreadsPerBlock / 32; ++i) block += warpSums[i];
    partials[blockIdx.x] = block;
  }
}

}  // namespace warpscope::labs
