// um-thrashing's persistent kernel (see um_thrashing_kernels.h for the contract).
#include "labs/um_thrashing/um_thrashing_kernels.h"

#include "cuda/kernels/global_timer.cuh"

#include "labs/um_thrashing/um_thrashing_layout.h"

namespace warpscope::labs {
namespace {

using cuda::globalTimerNs;

__global__ void thrashKernel(ThrashKernelArgs a) {
  __shared__ int keepGoing;
  const unsigned long long start = globalTimerNs();
  unsigned sweeps = 0;
  for (;;) {
    for (std::uint64_t page = blockIdx.x; page < a.pages; page += gridDim.x) {
      const bool shared = isSharedPage(page, a.pages, a.sharedPages);
      volatile unsigned* words = a.buffer + page * kThrashWordsPerPage;
      for (unsigned w = threadIdx.x; w < kThrashWordsPerPage; w += blockDim.x) {
        if (shared && cpuOwnsWord(w, a.objectsPerPage)) continue;
        words[w] = words[w] + 1u;
      }
    }
    ++sweeps;
    __syncthreads();
    if (threadIdx.x == 0) keepGoing = (globalTimerNs() - start < a.budgetNs) && (*a.stopFlag == 0);
    __syncthreads();
    if (!keepGoing) break;
  }
  if (threadIdx.x == 0) a.blockSweeps[blockIdx.x] = sweeps;
}

}  // namespace

cudaError_t launchThrashKernel(const ThrashKernelArgs& args, unsigned blocks, unsigned threadsPerBlock,
                               cudaStream_t stream) {
  thrashKernel<<<blocks, threadsPerBlock, 0, stream>>>(args);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
