// The streams lab's kernels: the chunk's FMA chain, the default-stream marker and the gate.
#include "labs/streams/streams_kernels.h"

namespace warpscope::cuda {
namespace {

__global__ void chunkKernel(const float* __restrict__ in, float* __restrict__ out, std::size_t elements, int fmas,
                            float a, float b) {
  const std::size_t stride = std::size_t{gridDim.x} * blockDim.x;
  for (std::size_t i = std::size_t{blockIdx.x} * blockDim.x + threadIdx.x; i < elements; i += stride) {
    float y = in[i];
    // a and b are arguments, so the chain is not folded; __fmaf_rn keeps every step one rounding.
    // Unrolled so the loop's own instructions do not share the schedulers' issue slots with the
    // FMAs (fmas is a multiple of 16: the lab's choices are).
#pragma unroll 16
    for (int k = 0; k < fmas; ++k) y = __fmaf_rn(y, a, b);
    out[i] = y;
  }
}

__global__ void marker(unsigned* word, unsigned value) {
  if (threadIdx.x == 0) *word = value;
}

__device__ unsigned long long globalTimerNs() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__global__ void gate(const volatile int* flag, int* timedOut, unsigned long long timeoutNs) {
  const unsigned long long start = globalTimerNs();
  while (*flag == 0) {
    if (globalTimerNs() - start > timeoutNs) {
      *timedOut = 1;
      return;
    }
    __nanosleep(1000);
  }
}

}  // namespace

cudaError_t launchChunkKernel(const float* in, float* out, std::size_t elements, int fmas, float a, float b,
                              unsigned blocks, unsigned threadsPerBlock, cudaStream_t stream) {
  if (blocks == 0) blocks = static_cast<unsigned>((elements + threadsPerBlock - 1) / threadsPerBlock);
  chunkKernel<<<blocks, threadsPerBlock, 0, stream>>>(in, out, elements, fmas, a, b);
  return cudaGetLastError();
}

cudaError_t launchMarker(unsigned* word, unsigned value, cudaStream_t stream) {
  marker<<<1, 32, 0, stream>>>(word, value);
  return cudaGetLastError();
}

cudaError_t launchGate(const volatile int* flag, int* timedOut, unsigned long long timeoutNs, cudaStream_t stream) {
  gate<<<1, 1, 0, stream>>>(flag, timedOut, timeoutNs);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
