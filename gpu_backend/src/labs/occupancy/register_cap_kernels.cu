// The register-cap kernels of the occupancy lab. Check what ptxas made of them with
//   cuobjdump --dump-resource-usage libwarpscope_backend.a | grep -A1 liveValues
// (REG and STACK per variant: the capped ones spill the live values to local memory).
#include "labs/occupancy/register_cap_kernels.h"

#include "labs/occupancy/register_cap_kernel.h"

namespace warpscope::cuda {
namespace {

using labs::kCapLiveValues;

struct DeviceFma {
  __device__ float operator()(float x, float y, float z) const { return __fmaf_rn(x, y, z); }
};

/// The body all variants share. v[] is indexed only by unrolled constants, so without a cap it
/// lives in registers; the loop reads every value each iteration, so none can be dropped.
__device__ __forceinline__ void liveValuesBody(const float* __restrict__ seeds, float* __restrict__ out,
                                               int iterations) {
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  const float seed = seeds[tid];
  const DeviceFma fma;
  float v[kCapLiveValues];
#pragma unroll
  for (int j = 0; j < kCapLiveValues; ++j) v[j] = seed + static_cast<float>(j) * 0.0625f;
#pragma unroll 1
  for (int it = 0; it < iterations; ++it) {
#pragma unroll
    for (int j = 0; j < kCapLiveValues; ++j)
      v[j] = fma(v[j], labs::kCapA, fma(v[(j + 1) % kCapLiveValues], labs::kCapB, seed));
  }
  float sum = 0.0f;
#pragma unroll
  for (int j = 0; j < kCapLiveValues; ++j) sum += v[j];
  out[tid] = sum;
}

/// No __launch_bounds__: ptxas may use up to 255 registers.
__global__ void liveValuesUncapped(const float* __restrict__ seeds, float* __restrict__ out, int iterations) {
  liveValuesBody(seeds, out, iterations);
}

/// At most 65536 / (256 x MinBlocks) registers per thread, so MinBlocks blocks fit on an SM.
template <int MinBlocks>
__global__ void __launch_bounds__(labs::kCapThreadsPerBlock, MinBlocks)
    liveValuesCapped(const float* __restrict__ seeds, float* __restrict__ out, int iterations) {
  liveValuesBody(seeds, out, iterations);
}

using CapKernel = void (*)(const float*, float*, int);

CapKernel kernelFor(int variant) {
  static_assert(labs::kCapVariantCount == 5 && labs::kCapMinBlocks[0] == 0 && labs::kCapMinBlocks[1] == 2 &&
                    labs::kCapMinBlocks[2] == 4 && labs::kCapMinBlocks[3] == 6 && labs::kCapMinBlocks[4] == 8,
                "one kernel per entry of kCapMinBlocks");
  switch (variant) {
    case 0: return liveValuesUncapped;
    case 1: return liveValuesCapped<2>;
    case 2: return liveValuesCapped<4>;
    case 3: return liveValuesCapped<6>;
    case 4: return liveValuesCapped<8>;
    default: return nullptr;
  }
}

}  // namespace

const void* registerCapKernel(int variant) { return reinterpret_cast<const void*>(kernelFor(variant)); }

cudaError_t launchRegisterCapKernel(int variant, unsigned blocks, const float* seeds, float* out, int iterations) {
  const CapKernel kernel = kernelFor(variant);
  if (!kernel) return cudaErrorInvalidDeviceFunction;
  kernel<<<blocks, labs::kCapThreadsPerBlock>>>(seeds, out, iterations);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
