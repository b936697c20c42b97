// Kernels of Volkov part III ("Only registers are fast enough to get the peak"). Check the SASS:
//   cuobjdump -sass -fun '<mangled rvsFma name>' build/gpu_backend/libwarpscope_backend.a
// registers: runs of FFMA with no LDS; one operand: one LDS per FFMA; two operands: two LDS per
// FFMA (docs/labs/register-vs-shared.md lists the counts found).
#include "labs/register_vs_shared/rvs_kernels.h"

#include <utility>

#include "labs/register_vs_shared/rvs_values.h"

namespace warpscope::cuda {
namespace {

using labs::kRvsRegisters;
using labs::kRvsShared1;
using labs::kRvsTableWords;

/// c of the register and one-operand variants: constant memory puts it in a uniform register
/// (FFMA R, R, R, UR), as latency-arith does, so Hopper's register banks do not cap the register
/// variant (fma_chains.cu explains the conflict).
__constant__ float rvsAddend;

/// 2 blocks of 1024 threads per SM: ptxas keeps the kernel within 32 registers, so every plan
/// point (up to 2048 threads per SM) is resident at once. Turing (sm_75) holds only 1024 threads
/// per SM, where ptxas would ignore the 2 with a warning.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define WS_RVS_MIN_BLOCKS 1
#else
#define WS_RVS_MIN_BLOCKS 2
#endif

template <int Variant, int Ilp>
__global__ void __launch_bounds__(1024, WS_RVS_MIN_BLOCKS)
    rvsFma(const float* __restrict__ table, float* __restrict__ out, float b, int passes) {
  __shared__ float sharedB[kRvsTableWords];
  __shared__ float sharedC[kRvsTableWords];
  for (unsigned i = threadIdx.x; i < kRvsTableWords; i += blockDim.x) {
    sharedB[i] = table[i];
    sharedC[i] = table[kRvsTableWords + i];
  }
  __syncthreads();

  const float c = rvsAddend;
  // volatile: every use is a load. Without it ptxas would load each table word once and keep it
  // in a register across passes, which is the register variant again.
  const volatile float* vb = sharedB + (threadIdx.x & 31u);
  const volatile float* vc = sharedC + (threadIdx.x & 31u);
  constexpr int kPerChain = labs::rvsBodyPerPass(Variant) / Ilp;
  const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
  float acc[Ilp];  // indexed only by unrolled constants: stays in registers
#pragma unroll
  for (int k = 0; k < Ilp; ++k) acc[k] = rvsInitialValue(tid, k);
#pragma unroll 1
  for (int pass = 0; pass < passes; ++pass) {
#pragma unroll
    for (int u = 0; u < kPerChain; ++u) {
#pragma unroll
      for (int k = 0; k < Ilp; ++k) {
        const int row = rvsTableRow(u * Ilp + k) * 32;
        if constexpr (Variant == kRvsRegisters) {
          acc[k] = __fmaf_rn(acc[k], b, c);
        } else if constexpr (Variant == kRvsShared1) {
          acc[k] = __fmaf_rn(acc[k], vb[row], c);
        } else {
          acc[k] = __fmaf_rn(acc[k], vb[row], vc[row]);
        }
      }
    }
  }
  float sum = acc[0];
#pragma unroll
  for (int k = 1; k < Ilp; ++k) sum += acc[k];
  out[tid] = sum;  // the host recomputes this for a sample of threads
}

using RvsKernel = void (*)(const float*, float*, float, int);

template <int Variant, std::size_t... I>
RvsKernel kernelForVariant(int ilp, std::index_sequence<I...>) {
  RvsKernel kernel = nullptr;
  ((ilp == labs::kRvsIlpValues[I] ? (kernel = rvsFma<Variant, labs::kRvsIlpValues[I]>) : kernel), ...);
  return kernel;
}

/// One instance per variant x value of kRvsIlpValues, and nothing else.
RvsKernel kernelFor(int variant, int ilp) {
  constexpr auto ilps = std::make_index_sequence<labs::kRvsIlpCount>{};
  switch (variant) {
    case labs::kRvsRegisters: return kernelForVariant<labs::kRvsRegisters>(ilp, ilps);
    case labs::kRvsShared1: return kernelForVariant<labs::kRvsShared1>(ilp, ilps);
    case labs::kRvsShared2: return kernelForVariant<labs::kRvsShared2>(ilp, ilps);
    default: return nullptr;
  }
}

}  // namespace

bool rvsKernelCompiledFor(int variant, int ilp) { return kernelFor(variant, ilp) != nullptr; }

const void* rvsKernel(int variant, int ilp) { return reinterpret_cast<const void*>(kernelFor(variant, ilp)); }

cudaError_t setRvsAddend(float c) { return cudaMemcpyToSymbol(rvsAddend, &c, sizeof c); }

cudaError_t launchRvs(int variant, int ilp, unsigned blocks, unsigned threadsPerBlock, const float* table,
                      float* out, float b, int passes) {
  const RvsKernel kernel = kernelFor(variant, ilp);
  if (!kernel) return cudaErrorInvalidDeviceFunction;
  kernel<<<blocks, threadsPerBlock>>>(table, out, b, passes);
  return cudaGetLastError();
}

}  // namespace warpscope::cuda
