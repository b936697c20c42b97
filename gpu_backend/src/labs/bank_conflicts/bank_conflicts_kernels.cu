// The bank-conflicts lab's kernel. Check the SASS: 64 LDS (.64, .128) per pass with immediate
// offsets, nothing hoisted out of the pass loop:
//   cuobjdump -sass -fun '<mangled sharedPatternRead name>' build/gpu_backend/libwarpscope_backend.a
#include "labs/bank_conflicts/bank_conflicts_kernels.h"

#include "labs/bank_conflicts/bank_conflicts_shape.h"

namespace warpscope::cuda {
namespace {

using labs::kBankBaseWords;
using labs::kBankReadsPerPass;
using labs::kBankTileWords;

/// One shared load of Bytes bytes at a shared-space address, kept by `volatile`, summed.
template <int Bytes>
__device__ float loadSum(unsigned address);
template <>
__device__ float loadSum<4>(unsigned address) {
  float x;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(x) : "r"(address));
  return x;
}
template <>
__device__ float loadSum<8>(unsigned address) {
  float x, y;
  asm volatile("ld.shared.v2.f32 {%0, %1}, [%2];" : "=f"(x), "=f"(y) : "r"(address));
  return x + y;
}
template <>
__device__ float loadSum<16>(unsigned address) {
  float x, y, z, w;
  asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(x), "=f"(y), "=f"(z), "=f"(w) : "r"(address));
  return (x + y) + (z + w);
}

template <int Bytes>
__global__ void __launch_bounds__(1024) sharedPatternRead(BankLaneBases bases, unsigned passes, float* out) {
  extern __shared__ float tile[];  // kBankTileWords words of Bytes bytes
  constexpr unsigned kFloats = Bytes / 4;
  for (unsigned i = threadIdx.x; i < kBankTileWords * kFloats; i += blockDim.x) tile[i] = static_cast<float>(i / kFloats);
  __syncthreads();
  const unsigned tileAddress = static_cast<unsigned>(__cvta_generic_to_shared(tile));
  const unsigned first = tileAddress + bases.word[threadIdx.x & 31u] * Bytes;
  float s0 = 0, s1 = 0, s2 = 0, s3 = 0;  // four chains: the adds never wait on the loads' order
  for (unsigned p = 0; p < passes; ++p) {
    const unsigned start = first + (p & 1u) * kBankBaseWords * Bytes;
#pragma unroll
    for (int r = 0; r < kBankReadsPerPass; r += 4) {
      s0 += loadSum<Bytes>(start + (r + 0) * 32 * Bytes);
      s1 += loadSum<Bytes>(start + (r + 1) * 32 * Bytes);
      s2 += loadSum<Bytes>(start + (r + 2) * 32 * Bytes);
      s3 += loadSum<Bytes>(start + (r + 3) * 32 * Bytes);
    }
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = (s0 + s1) + (s2 + s3);
}

template <int Bytes>
cudaError_t launch(unsigned blocks, unsigned threads, const BankLaneBases& bases, unsigned passes, float* out) {
  // Above 48 KiB of dynamic shared memory a kernel must ask for it (float4: 96 KiB).
  const cudaError_t allowed = cudaFuncSetAttribute(sharedPatternRead<Bytes>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                   static_cast<int>(sharedPatternTileBytes(Bytes)));
  if (allowed != cudaSuccess) return allowed;
  sharedPatternRead<Bytes><<<blocks, threads, sharedPatternTileBytes(Bytes)>>>(bases, passes, out);
  return cudaGetLastError();
}

}  // namespace

std::size_t sharedPatternTileBytes(int wordBytes) { return std::size_t{kBankTileWords} * static_cast<std::size_t>(wordBytes); }

cudaError_t launchSharedPatternRead(int wordBytes, unsigned blocks, unsigned threadsPerBlock, const BankLaneBases& bases,
                                    unsigned passes, float* out) {
  switch (wordBytes) {
    case 4: return launch<4>(blocks, threadsPerBlock, bases, passes, out);
    case 8: return launch<8>(blocks, threadsPerBlock, bases, passes, out);
    case 16: return launch<16>(blocks, threadsPerBlock, bases, passes, out);
    default: return cudaErrorInvalidValue;
  }
}

double sharedPatternExpected(int wordBytes, unsigned laneBase, unsigned passes) {
  // The sum in the kernel's order would need float rounding; the check compares with a tolerance
  // instead (every word index is a whole number, the sums stay far below 2^24 per chain).
  double sum = 0;
  for (unsigned p = 0; p < passes; ++p)
    for (int r = 0; r < kBankReadsPerPass; ++r)
      sum += static_cast<double>(laneBase + (p & 1u) * kBankBaseWords + static_cast<unsigned>(r) * 32u) * (wordBytes / 4);
  return sum;
}

}  // namespace warpscope::cuda
