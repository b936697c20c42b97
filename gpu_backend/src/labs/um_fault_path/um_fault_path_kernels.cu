// The fault-group run's read: every warp touches its own bytes of a managed buffer whose pages
// all live on the CPU, so each stalls on a GPU page fault until the driver has migrated its page
// and replayed. The sum each block writes is checked against the host's.
#include "labs/um_common/um_chunk_sum.cuh"
#include "labs/um_fault_path/um_fault_path_kernels.h"

namespace warpscope::labs {
namespace {

__global__ void faultGroupRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords,
                               unsigned long long* partials) {
  sumWarpChunks<kFaultGroupThreadsPerBlock>(
      data, words, chunkWords, false, [](std::uint32_t w) { return w; }, partials);
}

}  // namespace

unsigned faultGroupReadBlocks(std::size_t words, std::size_t chunkWords) {
  const std::size_t warps = (words + chunkWords - 1) / chunkWords;
  const std::size_t warpsPerBlock = kFaultGroupThreadsPerBlock / 32;
  return static_cast<unsigned>((warps + warpsPerBlock - 1) / warpsPerBlock);
}

cudaError_t launchFaultGroupRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords,
                                 unsigned long long* partials, cudaStream_t stream) {
  faultGroupRead<<<faultGroupReadBlocks(words, chunkWords), kFaultGroupThreadsPerBlock, 0, stream>>>(
      data, words, chunkWords, partials);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
