// The __syncthreads() experiment (seed 001, "Simplified View of Latency and Syncs"): a load phase
// into shared memory, a barrier, a compute phase on another warp's data, a barrier.
#include "labs/limiter/limiter_sync_kernels.h"
#include "labs/limiter_common/limiter_shape.h"

namespace warpscope::cuda {
namespace {

using labs::SyncKernel;
constexpr int kE = labs::kSyncElementsPerThread;
static_assert(kE == 8, "two float4 per thread per tile");

template <int Which>
__global__ void limiterSync(const float* __restrict__ in, float* __restrict__ out, unsigned iterations,
                            int fmasPerElement, float b, float never) {
  extern __shared__ float4 tile[];  // 2 x blockDim float4; the rest of the allocation only holds occupancy
  const unsigned threads = blockDim.x, t = threadIdx.x;
  const float4* in4 = reinterpret_cast<const float4*>(in);
  float4* out4 = reinterpret_cast<float4*>(out);
  for (unsigned it = 0; it < iterations; ++it) {
    const unsigned base = (it * gridDim.x + blockIdx.x) * threads * 2;  // the tile's first float4
    // Load phase: coalesced float4 loads (math-only forms the same slots from the index instead).
#pragma unroll
    for (int q = 0; q < 2; ++q) {
      const unsigned slot = q * threads + t;
      if (Which == static_cast<int>(SyncKernel::MathOnly)) {
        const unsigned e = 4 * (base + slot);
        tile[slot] = make_float4(labs::limiterMathOnlyValue(e), labs::limiterMathOnlyValue(e + 1),
                                 labs::limiterMathOnlyValue(e + 2), labs::limiterMathOnlyValue(e + 3));
      } else {
        tile[slot] = in4[base + slot];
      }
    }
    // Every warp needs what its mirror warp loaded: none may compute before the block has loaded.
    __syncthreads();
    float acc[kE];
#pragma unroll
    for (int q = 0; q < 2; ++q) {
      const float4 v = tile[q * threads + (threads - 1 - t)];
      acc[4 * q] = v.x;
      acc[4 * q + 1] = v.y;
      acc[4 * q + 2] = v.z;
      acc[4 * q + 3] = v.w;
    }
    if (Which != static_cast<int>(SyncKernel::MemoryOnly)) {
#pragma unroll 1
      for (int k = 0; k < fmasPerElement; ++k) {
#pragma unroll
        for (int j = 0; j < kE; ++j) acc[j] = __fmaf_rn(acc[j], b, labs::kLimiterAddend);
      }
    }
    if (Which == static_cast<int>(SyncKernel::MathOnly)) {
#pragma unroll
      for (int j = 0; j < kE; ++j)
        if (acc[j] == never) out[4 * (base + (j / 4) * threads + t) + j % 4] = acc[j];
    } else {
#pragma unroll
      for (int q = 0; q < 2; ++q)
        out4[base + q * threads + t] = make_float4(acc[4 * q], acc[4 * q + 1], acc[4 * q + 2], acc[4 * q + 3]);
    }
    // The next tile's loads overwrite what slower warps may still be reading.
    __syncthreads();
  }
}

__global__ void countMirrorWrong(const float* out, const float* in, std::size_t count, unsigned blockThreads,
                                 unsigned long long* wrongOut) {
  unsigned long long mine = 0;
  for (std::size_t g = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; g < count;
       g += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    mine += __float_as_uint(out[g]) != __float_as_uint(in[labs::syncSourceIndex(g, blockThreads)]) ? 1 : 0;
  if (mine) atomicAdd(wrongOut, mine);
}

using SyncFn = void (*)(const float*, float*, unsigned, int, float, float);

SyncFn syncFn(SyncKernel which) {
  switch (which) {
    case SyncKernel::Full: return limiterSync<0>;
    case SyncKernel::MemoryOnly: return limiterSync<1>;
    case SyncKernel::MathOnly: return limiterSync<2>;
  }
  return nullptr;
}

}  // namespace

const void* limiterSyncKernel(SyncKernel which) { return reinterpret_cast<const void*>(syncFn(which)); }

cudaError_t launchLimiterSync(SyncKernel which, unsigned blocks, unsigned threads, std::size_t dynamicSmemBytes,
                              const float* in, float* out, std::size_t elements, int fmasPerElement, float b,
                              float never) {
  const std::size_t chunk = static_cast<std::size_t>(blocks) * labs::syncTileElements(threads);
  if (blocks == 0 || threads == 0 || elements == 0 || elements % chunk != 0 || elements > 0xFFFFFFFFull ||
      fmasPerElement < 0 || dynamicSmemBytes < threads * 2 * sizeof(float4))
    return cudaErrorInvalidValue;
  const unsigned iterations = static_cast<unsigned>(elements / chunk);
  syncFn(which)<<<blocks, threads, dynamicSmemBytes>>>(in, out, iterations, fmasPerElement, b, never);
  return cudaGetLastError();
}

cudaError_t launchCountSyncMirrorWrong(const float* out, const float* in, std::size_t elements, unsigned blockThreads,
                                       unsigned long long* wrongOut) {
  countMirrorWrong<<<1024, 256>>>(out, in, elements, blockThreads, wrongOut);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
