#pragma once
/// \file instruction_costs_shape.h
/// What lab "instruction-costs" runs, written once for the kernels (.cu, C++17), the host's checks
/// and the code built without CUDA (the lab, the model): the instruction kinds, the operation each
/// kind's chains repeat, the kernels' shape, and each chain's start value. Dependency-free.

#include <cstdint>

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// One bar of the lab: an operation as the source writes it, compiled one way. The "Fast" kinds
/// are the same source line as the one before them, compiled with -use_fast_math (a translation
/// unit of their own), as the seed's slide on intrinsics and compiler flags asks.
enum class InstructionKind : int {
  Fp32Fma,      ///< a = fmaf(a, p, q)
  Fp64Fma,      ///< a = fma(a, p, q), double
  IntMad,       ///< a = a * p + q, unsigned 32-bit
  IntDiv,       ///< a = p / a + q, unsigned 32-bit: the divisor changes every time, so nothing hoists
  IntMod,       ///< a = p % a + q, unsigned 32-bit
  Fp32Div,      ///< a = p / a + q (IEEE division, -prec-div=true)
  Fp32DivFast,  ///< the same, -use_fast_math (-prec-div=false: reciprocal and multiply)
  Sinf,         ///< a = sinf(a) + q
  SinfFast,     ///< the same, -use_fast_math (sinf becomes __sinf)
  Expf,         ///< a = expf(-a) + q
  ExpfFast,     ///< the same, -use_fast_math (expf becomes __expf)
  Rsqrtf,       ///< a = rsqrtf(a) + q
  RsqrtfFast,   ///< the same, -use_fast_math (-ftz=true)
  LiteralFp64,  ///< a = a * 0.347 + q: the literal has no f, so the float expression is done in FP64
  LiteralFp32,  ///< a = a * 0.347f + q: all FP32
};

inline constexpr int kInstructionKindCount = 15;

/// The type a kind's chains carry.
enum class ChainType : int { F32, F64, U32 };

/// Independent chains per thread, and operations per chain per pass of the kernel's loop: each
/// pass runs kChains x kUnroll operations, unrolled, so a warp has kChains independent ones to
/// issue while each waits for its latency (Volkov's ILP). 16 a chain: the loop's 3 own instructions
/// (counter, compare, branch) then take 3 of 67 issue slots; at 4 they took 3 of 19 and held FP32 FMA
/// to 0.835 of the lanes on an H100 (2026-11-28).
inline constexpr int kInstructionChains = 4;
inline constexpr int kInstructionUnroll = 16;
inline constexpr int kInstructionOpsPerPass = kInstructionChains * kInstructionUnroll;

/// The kinds compiled with -use_fast_math (instruction_costs_fast_kernels.cu).
WS_HD constexpr bool isFastMathKind(InstructionKind k) {
  return k == InstructionKind::Fp32DivFast || k == InstructionKind::SinfFast || k == InstructionKind::ExpfFast ||
         k == InstructionKind::RsqrtfFast;
}

/// The type of kind k's chains.
WS_HD constexpr ChainType chainTypeOf(InstructionKind k) {
  return k == InstructionKind::Fp64Fma                                 ? ChainType::F64
         : (k == InstructionKind::IntMad || k == InstructionKind::IntDiv ||
            k == InstructionKind::IntMod)                               ? ChainType::U32
                                                                        : ChainType::F32;
}

/// The run-time operands p and q of kind k's operation (kernel arguments and constant memory, so
/// nothing folds). The float maps are contractions (|d a_next / d a| < 1 at their fixed point), so
/// a last-bit difference between the device and the host's recomputation fades instead of growing:
/// a = a*0.75 + 0.25 (slope 0.75), a = 1/a + 1 (0.38 at the golden ratio), a = sin(a) + 1 (0.36 at
/// 1.93), a = exp(-a) + 0.5 (0.43 at 0.85), a = rsqrt(a) + 1 (0.21 at 1.75), a = 0.347 a + q.
struct ChainOperands {
  double p = 0;
  double q = 0;
};

WS_HD constexpr ChainOperands chainOperandsOf(InstructionKind k) {
  switch (k) {
    case InstructionKind::Fp32Fma:
    case InstructionKind::Fp64Fma: return {0.75, 0.25};
    case InstructionKind::IntMad: return {2654435761.0, 12345.0};     // odd: a bijection of 32-bit words
    // A divisor that changes with every operation: by a loop-invariant divisor the compiler
    // would compute the reciprocal once, outside the loop. q >= 1 keeps the divisor above 0.
    case InstructionKind::IntDiv: return {4000000007.0, 3.0};
    case InstructionKind::IntMod: return {4000000007.0, 65537.0};
    case InstructionKind::Fp32Div:
    case InstructionKind::Fp32DivFast: return {1.0, 1.0};
    case InstructionKind::Sinf:
    case InstructionKind::SinfFast: return {0.0, 1.0};
    case InstructionKind::Expf:
    case InstructionKind::ExpfFast: return {0.0, 0.5};
    case InstructionKind::Rsqrtf:
    case InstructionKind::RsqrtfFast: return {0.0, 1.0};
    case InstructionKind::LiteralFp64:
    case InstructionKind::LiteralFp32: return {0.0, 0.25};
  }
  return {};
}

/// Chain `chain` of thread `thread` starts here: exact in float and double (a multiple of 2^-10
/// added to 0.5), so the device and the host start from the same bits; 32-bit words spread by a
/// multiplicative hash for the integer kinds.
WS_HD inline double chainStartFloat(unsigned thread, int chain) {
  return 0.5 + static_cast<double>((thread * kInstructionChains + static_cast<unsigned>(chain)) & 1023u) / 1024.0;
}
WS_HD inline std::uint32_t chainStartWord(unsigned thread, int chain) {
  return ((thread * kInstructionChains + static_cast<std::uint32_t>(chain)) * 2246822519u) | 1u;  // never 0
}

}  // namespace warpscope::labs
