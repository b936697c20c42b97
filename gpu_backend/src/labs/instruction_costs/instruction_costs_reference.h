#pragma once
/// \file instruction_costs_reference.h
/// The host's recomputation of lab "instruction-costs"' chains, and how close the device must come
/// to it per kind (each tolerance with its why). Plain C++ (no CUDA): the CUDA measurement checks
/// sampled threads with it and the unit tests guard it.

#include <cstdint>
#include <string>

#include "labs/instruction_costs/instruction_costs_shape.h"

namespace warpscope::labs {

/// Chain `chain` of thread `thread` after `operations` operations of kind, computed on the host
/// (float kinds in float, with std::fmaf, std::sin, std::exp; the FP64 kinds in double; the
/// integer kinds in unsigned 32-bit words). Returned as a double: exact for every chain type.
double referenceChainValue(InstructionKind kind, unsigned thread, int chain, long long operations);

/// How far the device's last value may lie from the host's.
struct ChainTolerance {
  double absolute = 0;  ///< 0: bit for bit.
  std::string why;
};

/// Bit for bit where both sides round the same IEEE operations (FMA, the integer kinds, IEEE
/// division, x * 0.347f + q); a few float ulps where the device's function is an approximation
/// (sinf 2 ulp, __sinf 2^-21.4 absolute, __fdividef 2 ulp, ...): every float map is a contraction,
/// so a step's error shrinks by its slope instead of adding up, and the bound is the step's error
/// over (1 - slope), with room.
ChainTolerance chainTolerance(InstructionKind kind);

/// |device - host| <= chainTolerance(kind).absolute (NaN never passes).
bool chainValueMatches(InstructionKind kind, double device, double host);

}  // namespace warpscope::labs
