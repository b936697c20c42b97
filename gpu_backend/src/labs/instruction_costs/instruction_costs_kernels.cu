// The kinds compiled with nvcc's defaults (IEEE division, precise sinf, expf, rsqrtf), and the
// dispatch to the -use_fast_math ones (instruction_costs_fast_kernels.cu). Check the SASS with
//   cuobjdump -sass -arch sm_90 build/app/warpscope-cli | grep -A200 instructionChains
// ptxas reports 32 bytes of local memory for the sinf kernel: CUDA's sinf keeps the Payne-Hanek
// reduction's 7 words in a local array, touched only for |x| >= 105615, never by this lab's chains
// (which stay near 1.93). It is sinf's code, the instructions the lab counts, so it stays.
#define WS_IC_NAMESPACE precise
#include "labs/instruction_costs/instruction_costs_chains.cuh"
#include "labs/instruction_costs/instruction_costs_kernels.h"

namespace warpscope::cuda {

using labs::InstructionKind;

cudaError_t setInstructionOperand(InstructionKind kind) {
  if (labs::isFastMathKind(kind)) return fast_math::setOperand(kind);
  const double q = labs::chainOperandsOf(kind).q;
  switch (kind) {
#define WS_IC_CASE(K) \
  case InstructionKind::K: return precise::setOperand<InstructionKind::K>(q);
    WS_IC_CASE(Fp32Fma) WS_IC_CASE(Fp64Fma) WS_IC_CASE(IntMad) WS_IC_CASE(IntDiv) WS_IC_CASE(IntMod)
    WS_IC_CASE(Fp32Div) WS_IC_CASE(Sinf) WS_IC_CASE(Expf) WS_IC_CASE(Rsqrtf) WS_IC_CASE(LiteralFp64)
    WS_IC_CASE(LiteralFp32)
#undef WS_IC_CASE
    default: return cudaErrorInvalidValue;
  }
}

cudaError_t launchInstructionChains(InstructionKind kind, void* out, unsigned blocks, unsigned threads, int passes) {
  if (labs::isFastMathKind(kind)) return fast_math::launch(kind, out, blocks, threads, passes);
  const double p = labs::chainOperandsOf(kind).p;
  switch (kind) {
#define WS_IC_CASE(K) \
  case InstructionKind::K: return precise::launchKind<InstructionKind::K>(out, p, blocks, threads, passes);
    WS_IC_CASE(Fp32Fma) WS_IC_CASE(Fp64Fma) WS_IC_CASE(IntMad) WS_IC_CASE(IntDiv) WS_IC_CASE(IntMod)
    WS_IC_CASE(Fp32Div) WS_IC_CASE(Sinf) WS_IC_CASE(Expf) WS_IC_CASE(Rsqrtf) WS_IC_CASE(LiteralFp64)
    WS_IC_CASE(LiteralFp32)
#undef WS_IC_CASE
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace warpscope::cuda
