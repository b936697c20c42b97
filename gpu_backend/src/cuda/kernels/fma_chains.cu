// Kernels of Volkov part I. Built for WARPSCOPE_CUDA_ARCHITECTURES; check the SASS with
//   cuobjdump --dump-sass --function '*fmaChains*' libwarpscope_cuda.a
// (long runs of FFMA, no LDL/STL).
#include <utility>

#include "cuda/kernels/fma_chains.h"

namespace warpscope::cuda {
namespace {

template <int Ilp>
__global__ void fmaChains(float* __restrict__ out, float b, float c, int passes) {
  constexpr int kPerChain = fmaPerChainPerPass(Ilp);
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[Ilp];  // indexed only by unrolled constants: stays in registers
#pragma unroll
  for (int k = 0; k < Ilp; ++k) acc[k] = fmaInitialValue(tid, k);
  // b and c are kernel arguments, so nothing folds; passes is too, so the loop stays a loop.
#pragma unroll 1
  for (int pass = 0; pass < passes; ++pass) {
#pragma unroll
    for (int u = 0; u < kPerChain; ++u) {
#pragma unroll
      for (int k = 0; k < Ilp; ++k) acc[k] = __fmaf_rn(acc[k], b, c);  // chains interleaved: ILP
    }
  }
  float sum = acc[0];
#pragma unroll
  for (int k = 1; k < Ilp; ++k) sum += acc[k];
  out[tid] = sum;  // the host recomputes this for a sample of threads
}

using FmaKernel = void (*)(float*, float, float, int);

FmaKernel kernelFor(int ilp) {
  switch (ilp) {
    case 1: return fmaChains<1>;
    case 2: return fmaChains<2>;
    case 3: return fmaChains<3>;
    case 4: return fmaChains<4>;
    case 6: return fmaChains<6>;
    case 8: return fmaChains<8>;
    default: return nullptr;
  }
}

}  // namespace

bool fmaChainsCompiledFor(int ilp) { return kernelFor(ilp) != nullptr; }

const void* fmaChainsKernel(int ilp) { return reinterpret_cast<const void*>(kernelFor(ilp)); }

cudaError_t launchFmaChains(int ilp, unsigned blocks, unsigned threadsPerBlock, float* out, float b,
                            float c, int passes) {
  const FmaKernel kernel = kernelFor(ilp);
  if (!kernel) return cudaErrorInvalidDeviceFunction;
  kernel<<<blocks, threadsPerBlock>>>(out, b, c, passes);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
