// Kernels of Volkov part I. Built for WARPSCOPE_CUDA_ARCHITECTURES; check the SASS with
//   cuobjdump --dump-sass --function '*fmaChains*' libwarpscope_backend.a
// (long runs of FFMA, no LDL/STL).
#include "cuda/kernels/fma_chains.h"

#include <utility>

namespace warpscope::cuda {
namespace {

/// c of a = a*b + c. Not a kernel argument on purpose: with b and c both kernel arguments ptxas
/// keeps both in registers (FFMA R6, R6, R4, R5). R6 and R4 share a register bank, and the operand
/// reuse cache only covers consecutive instructions of one warp, so every FMA issued after a warp
/// switch costs 2 cycles: measured on an H200, ILP 1, 2, 3 plateau at 1/2, 2/3, 3/4 of peak at any
/// occupancy (ILP >= 4 lets one warp issue back to back, reusing operands). Read from constant
/// memory, b lands in a uniform register (FFMA R7, R7, UR5, R4): no conflict, and the lab measures
/// latency hiding, as Volkov's experiment intends. Still a run-time value: nothing folds.
__constant__ float fmaAddend;

template <int Ilp>
__global__ void fmaChains(float* __restrict__ out, float b, int passes) {
  const float c = fmaAddend;
  constexpr int kPerChain = fmaPerChainPerPass(Ilp);
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[Ilp];  // indexed only by unrolled constants: stays in registers
#pragma unroll
  for (int k = 0; k < Ilp; ++k) acc[k] = fmaInitialValue(tid, k);
  // b is a kernel argument and c in constant memory, so nothing folds; passes is an argument
  // too, so the loop stays a loop.
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

using FmaKernel = void (*)(float*, float, int);

template <std::size_t... I>
FmaKernel kernelFor(int ilp, std::index_sequence<I...>) {
  FmaKernel kernel = nullptr;
  ((ilp == labs::kArithIlpValues[I] ? (kernel = fmaChains<labs::kArithIlpValues[I]>) : kernel), ...);
  return kernel;
}

/// One instance of the kernel per value of kArithIlpValues, and nothing else.
FmaKernel kernelFor(int ilp) { return kernelFor(ilp, std::make_index_sequence<labs::kArithIlpCount>{}); }

}  // namespace

bool fmaChainsCompiledFor(int ilp) { return kernelFor(ilp) != nullptr; }

const void* fmaChainsKernel(int ilp) { return reinterpret_cast<const void*>(kernelFor(ilp)); }

cudaError_t setFmaAddend(float c) { return cudaMemcpyToSymbol(fmaAddend, &c, sizeof c); }

cudaError_t launchFmaChains(int ilp, unsigned blocks, unsigned threadsPerBlock, float* out, float b, int passes) {
  const FmaKernel kernel = kernelFor(ilp);
  if (!kernel) return cudaErrorInvalidDeviceFunction;
  kernel<<<blocks, threadsPerBlock>>>(out, b, passes);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
