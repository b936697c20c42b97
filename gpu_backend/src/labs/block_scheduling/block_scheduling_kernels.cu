#include "labs/block_scheduling/block_scheduling_kernels.h"

#include "cuda/kernels/global_timer.cuh"

namespace warpscope::labs {
namespace {

using cuda::globalTimerNs;

__device__ __forceinline__ unsigned smId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

// The dynamic shared memory is never touched: asking for it is what lowers residency.
__global__ void blockHoldsItsSlot(BlockRecord* records, unsigned long long baseWorkNs, unsigned spreadPercent) {
  __shared__ unsigned long long start;
  if (threadIdx.x == 0) start = globalTimerNs();
  __syncthreads();
  const unsigned long long until = start + blockWorkNs(blockIdx.x, baseWorkNs, spreadPercent);
  while (globalTimerNs() < until) {
#if __CUDA_ARCH__ >= 700
    __nanosleep(128);  // leave the SM's issue slots to the other blocks on it
#endif
  }
  // Every thread of the block counts itself: the record says the whole block ran.
  const unsigned threads = __syncthreads_count(1);
  if (threadIdx.x == 0) records[blockIdx.x] = {start, globalTimerNs(), smId(), threads};
}

}  // namespace

const void* schedulingKernel() { return reinterpret_cast<const void*>(blockHoldsItsSlot); }

cudaError_t launchSchedulingKernel(unsigned blocks, unsigned threadsPerBlock, std::size_t dynamicSharedBytes,
                                   BlockRecord* records, unsigned long long baseWorkNs, unsigned spreadPercent) {
  blockHoldsItsSlot<<<blocks, threadsPerBlock, dynamicSharedBytes>>>(records, baseWorkNs, spreadPercent);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
