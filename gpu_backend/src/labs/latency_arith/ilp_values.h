#pragma once
/// \file ilp_values.h
/// The ILP values of latency-arith, written once: the parameter's choices, the sweep's series and
/// the FMA-chain kernels compiled (one template instance each) all come from this list. No
/// dependencies, so the .cu files (built as C++17) include it too.

namespace warpscope::labs {

/// Independent FMA chains per thread the kernels are compiled for.
inline constexpr int kArithIlpValues[] = {1, 2, 3, 4, 6, 8};
inline constexpr int kArithIlpCount = sizeof(kArithIlpValues) / sizeof(kArithIlpValues[0]);

}  // namespace warpscope::labs
