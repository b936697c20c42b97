// The kinds compiled with -use_fast_math (lab.cmake sets the flag on this file only): the same
// source lines as their precise kinds in instruction_costs_kernels.cu. The flag implies -ftz=true,
// -prec-div=false, -prec-sqrt=false and turns sinf, expf into __sinf, __expf.
#define WS_IC_NAMESPACE fast_math
#include "labs/instruction_costs/instruction_costs_chains.cuh"
#include "labs/instruction_costs/instruction_costs_kernels.h"

namespace warpscope::cuda::fast_math {

using labs::InstructionKind;

cudaError_t setOperand(InstructionKind kind) {
  const double qValue = labs::chainOperandsOf(kind).q;
  switch (kind) {
    case InstructionKind::Fp32DivFast: return setOperand<InstructionKind::Fp32DivFast>(qValue);
    case InstructionKind::SinfFast: return setOperand<InstructionKind::SinfFast>(qValue);
    case InstructionKind::ExpfFast: return setOperand<InstructionKind::ExpfFast>(qValue);
    case InstructionKind::RsqrtfFast: return setOperand<InstructionKind::RsqrtfFast>(qValue);
    default: return cudaErrorInvalidValue;
  }
}

cudaError_t launch(InstructionKind kind, void* out, unsigned blocks, unsigned threads, int passes) {
  const double p = labs::chainOperandsOf(kind).p;
  switch (kind) {
    case InstructionKind::Fp32DivFast: return launchKind<InstructionKind::Fp32DivFast>(out, p, blocks, threads, passes);
    case InstructionKind::SinfFast: return launchKind<InstructionKind::SinfFast>(out, p, blocks, threads, passes);
    case InstructionKind::ExpfFast: return launchKind<InstructionKind::ExpfFast>(out, p, blocks, threads, passes);
    case InstructionKind::RsqrtfFast: return launchKind<InstructionKind::RsqrtfFast>(out, p, blocks, threads, passes);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace warpscope::cuda::fast_math
