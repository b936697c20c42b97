// The chains kernel of lab "instruction-costs", included by two translation units that differ only
// in their compiler flags: instruction_costs_kernels.cu (the defaults: IEEE division, precise sinf,
// expf, rsqrtf) and instruction_costs_fast_kernels.cu (-use_fast_math). Each defines
// WS_IC_NAMESPACE first, so the two sets of kernels have different names (cuobjdump finds each by
// name, and the host stubs must not collide at link time). Not a header of its own: no include
// guard on purpose.
#include <cuda_runtime.h>

#include "labs/instruction_costs/instruction_costs_shape.h"

namespace warpscope::cuda::WS_IC_NAMESPACE {

using labs::InstructionKind;

template <InstructionKind K>
struct Chain {
  using T = float;
};
template <>
struct Chain<InstructionKind::Fp64Fma> {
  using T = double;
};
template <>
struct Chain<InstructionKind::IntMad> {
  using T = unsigned;
};
template <>
struct Chain<InstructionKind::IntDiv> {
  using T = unsigned;
};
template <>
struct Chain<InstructionKind::IntMod> {
  using T = unsigned;
};

// q, the operation's second run-time operand, in constant memory: with p a kernel argument too,
// ptxas would keep both in registers, and register bank conflicts (not the instruction) would cap
// the FMA kinds (cuda/kernels/fma_chains.cu says why).
__constant__ float qFloat;
__constant__ double qDouble;
__constant__ unsigned qWord;

template <typename T>
__device__ __forceinline__ T q();
template <>
__device__ __forceinline__ float q<float>() { return qFloat; }
template <>
__device__ __forceinline__ double q<double>() { return qDouble; }
template <>
__device__ __forceinline__ unsigned q<unsigned>() { return qWord; }

/// One operation of kind K, exactly as a program would write it (instruction_costs_shape.h lists
/// them); the host's recomputation is labs::referenceOperation.
template <InstructionKind K, typename T>
__device__ __forceinline__ T operation(T a, T p, T qv) {
  if constexpr (K == InstructionKind::Fp32Fma || K == InstructionKind::Fp64Fma) return fma(a, p, qv);
  else if constexpr (K == InstructionKind::IntMad) return a * p + qv;
  else if constexpr (K == InstructionKind::IntDiv) return p / a + qv;
  else if constexpr (K == InstructionKind::IntMod) return p % a + qv;
  else if constexpr (K == InstructionKind::Fp32Div || K == InstructionKind::Fp32DivFast) return p / a + qv;
  else if constexpr (K == InstructionKind::Sinf || K == InstructionKind::SinfFast) return sinf(a) + qv;
  else if constexpr (K == InstructionKind::Expf || K == InstructionKind::ExpfFast) return expf(-a) + qv;
  else if constexpr (K == InstructionKind::Rsqrtf || K == InstructionKind::RsqrtfFast) return rsqrtf(a) + qv;
  // The seed's slide: a literal without f is a double, so a * 0.347 converts a to FP64, multiplies
  // and adds there, and converts back when stored into the float.
  else if constexpr (K == InstructionKind::LiteralFp64) return a * 0.347 + qv;
  else return a * 0.347f + qv;
}

/// kInstructionChains independent chains per thread, kInstructionUnroll operations each per pass,
/// `passes` passes; each chain's last value is written to out[thread x chains + chain].
template <InstructionKind K>
__global__ void __launch_bounds__(1024) instructionChains(typename Chain<K>::T* __restrict__ out,
                                                          typename Chain<K>::T p, int passes) {
  using T = typename Chain<K>::T;
  const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
  const T qv = q<T>();
  T a[labs::kInstructionChains];  // indexed only by unrolled constants: stays in registers
#pragma unroll
  for (int c = 0; c < labs::kInstructionChains; ++c) {
    if constexpr (labs::chainTypeOf(K) == labs::ChainType::U32) a[c] = labs::chainStartWord(thread, c);
    else a[c] = static_cast<T>(labs::chainStartFloat(thread, c));
  }
  // passes is an argument and unroll 1 keeps the loop one body, so the SASS between the loop's
  // label and its backward branch is one pass: what the lab counts per operation.
#pragma unroll 1
  for (int pass = 0; pass < passes; ++pass) {
#pragma unroll
    for (int u = 0; u < labs::kInstructionUnroll; ++u) {
#pragma unroll
      for (int c = 0; c < labs::kInstructionChains; ++c) a[c] = operation<K>(a[c], p, qv);  // interleaved: ILP
    }
  }
#pragma unroll
  for (int c = 0; c < labs::kInstructionChains; ++c) out[thread * labs::kInstructionChains + c] = a[c];
}

template <InstructionKind K>
cudaError_t launchKind(void* out, double p, unsigned blocks, unsigned threads, int passes) {
  using T = typename Chain<K>::T;
  instructionChains<K><<<blocks, threads>>>(static_cast<T*>(out), static_cast<T>(p), passes);
  return cudaGetLastError();
}

template <InstructionKind K>
cudaError_t setOperand(double qValue) {
  using T = typename Chain<K>::T;
  const T value = static_cast<T>(qValue);
  if constexpr (labs::chainTypeOf(K) == labs::ChainType::F64) return cudaMemcpyToSymbol(qDouble, &value, sizeof value);
  else if constexpr (labs::chainTypeOf(K) == labs::ChainType::U32) return cudaMemcpyToSymbol(qWord, &value, sizeof value);
  else return cudaMemcpyToSymbol(qFloat, &value, sizeof value);
}

}  // namespace warpscope::cuda::WS_IC_NAMESPACE
