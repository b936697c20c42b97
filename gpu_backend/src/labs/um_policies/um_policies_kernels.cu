// um-policies' kernel: one pass over the shared buffer, each warp over its own 64 KiB, summing
// (and updating when gpuWrites) so the host can check both what the GPU saw and what it wrote.
#include "labs/um_policies/um_policies_kernels.h"

namespace warpscope::labs {
namespace {

__global__ void policyPass(std::uint32_t* data, std::size_t words, bool update, unsigned long long* partials) {
  __shared__ unsigned long long warpSums[kPolicyThreadsPerBlock / 32];
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warpInBlock = threadIdx.x / 32u;
  const std::size_t warp = static_cast<std::size_t>(blockIdx.x) * (kPolicyThreadsPerBlock / 32) + warpInBlock;
  const std::size_t begin = warp * kPolicyWarpWords;
  std::size_t end = begin + kPolicyWarpWords;
  if (end > words) end = words;
  unsigned long long sum = 0;
  for (std::size_t i = begin + lane; i < end; i += 32) {
    const std::uint32_t w = data[i];
    sum += w;
    if (update) data[i] = policyUpdatedWord(w);
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) warpSums[warpInBlock] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long block = 0;
    for (unsigned i = 0; i < kPolicyThreadsPerBlock / 32; ++i) block += warpSums[i];
    partials[blockIdx.x] = block;
  }
}

}  // namespace

unsigned policyKernelBlocks(std::size_t words) {
  const std::size_t warps = (words + kPolicyWarpWords - 1) / kPolicyWarpWords;
  const std::size_t perBlock = kPolicyThreadsPerBlock / 32;
  return static_cast<unsigned>((warps + perBlock - 1) / perBlock);
}

cudaError_t launchPolicyKernel(std::uint32_t* data, std::size_t words, bool update, unsigned long long* partials) {
  policyPass<<<policyKernelBlocks(words), kPolicyThreadsPerBlock>>>(data, words, update, partials);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
