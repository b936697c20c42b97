// um-policies' kernel: one pass over the shared buffer, each warp over its own 64 KiB, summing
// (and updating when gpuWrites) so the host can check both what the GPU saw and what it wrote.
#include "labs/um_policies/um_policies_kernels.h"

#include "labs/um_common/um_chunk_sum.cuh"

namespace warpscope::labs {
namespace {

__global__ void policyPass(std::uint32_t* data, std::size_t words, bool update, unsigned long long* partials) {
  sumWarpChunks<kPolicyThreadsPerBlock>(data, words, kPolicyWarpWords, update,
                                        [](std::uint32_t w) { return policyUpdatedWord(w); }, partials);
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
