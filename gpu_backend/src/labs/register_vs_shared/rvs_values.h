#pragma once
/// \file rvs_values.h
/// The constants of register-vs-shared, written once: the variants, the ILP values the kernels
/// are compiled for, the shared-memory operand table and the work per thread. No dependencies,
/// so the .cu file (built as C++17) includes it too.

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// Where the operands b and c of a = a*b + c come from. a, the accumulator, is always a register.
enum RvsVariant : int {
  kRvsRegisters = 0,  ///< b and c in registers: the register file supplies all 12 bytes.
  kRvsShared1 = 1,    ///< b read from shared memory by every FMA (4 B of shared traffic per FMA).
  kRvsShared2 = 2,    ///< b and c read from shared memory by every FMA (8 B per FMA).
};
inline constexpr int kRvsVariants[] = {kRvsRegisters, kRvsShared1, kRvsShared2};
inline constexpr int kRvsVariantCount = 3;

/// Operands each variant's FMA reads from shared memory.
WS_HD constexpr int rvsSharedOperands(int variant) { return variant; }

/// Bytes of one FP32 operand.
inline constexpr int kRvsOperandBytes = 4;

/// Independent FMA chains per thread the kernels are compiled for.
inline constexpr int kRvsIlpValues[] = {1, 2, 4, 8};
inline constexpr int kRvsIlpCount = sizeof(kRvsIlpValues) / sizeof(kRvsIlpValues[0]);

/// Warp-wide rows of the shared operand table: FMA number f of a pass reads row f % rows, lane
/// l reads column l, so a warp's load touches 32 consecutive words (32 banks, no conflict).
inline constexpr int kRvsTableRows = 16;
inline constexpr int kRvsTableWords = kRvsTableRows * 32;  ///< One table (b or c).

/// FMAs in one pass of the unrolled loop body, all chains together: 512 for registers (loop
/// control costs issue slots on Hopper, where every slot is an FMA at peak), 256 for the shared
/// variants (twice or three times the instructions per FMA; they are capped far below peak).
WS_HD constexpr int rvsBodyPerPass(int variant) { return variant == kRvsRegisters ? 512 : 256; }

/// FMAs each thread executes: ~0.25 ms per launch at 2048 threads per SM of an H200 for every
/// variant (registers at peak, one operand at 1/4, two at 1/8 of peak).
WS_HD constexpr int rvsFmasPerThread(int variant) {
  return variant == kRvsRegisters ? 32768 : variant == kRvsShared1 ? 8192 : 4096;
}

/// Passes of the loop body each thread runs.
WS_HD constexpr int rvsPasses(int variant) { return rvsFmasPerThread(variant) / rvsBodyPerPass(variant); }

}  // namespace warpscope::labs
