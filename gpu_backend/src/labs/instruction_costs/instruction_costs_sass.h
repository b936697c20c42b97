#pragma once
/// \file instruction_costs_sass.h
/// The seed's "1 vs 17 instructions", read from the compiled kernels themselves: cuobjdump -sass
/// on the running program (which holds the lab's kernels when built with CUDA), each kind's kernel
/// found by name, and the instructions of its loop counted. The parsing is pure (unit-tested on a
/// listing); only readOwnSass runs the tool. No CUDA needed.

#include <array>
#include <map>
#include <string>

#include "labs/instruction_costs/instruction_costs_shape.h"

namespace warpscope::labs {

/// Instructions of the kernel's main loop: from the target of its outermost backward branch (the
/// one reaching furthest back, before the function's last EXIT) to that branch, NOPs left out.
/// -1 when the listing has no such loop.
int loopBodyInstructions(const std::string& functionSass);

/// What the SASS says per kind: per operation, the loop's body less its own control instructions,
/// over the kInstructionOpsPerPass operations of one pass.
struct SassReading {
  bool available = false;
  std::array<double, kInstructionKindCount> perOp{};  ///< -1 where a kernel was not found
  int loopControl = 3;  ///< the loop's own instructions: the FP32 FMA kernel's body less its 16 FFMA
  std::string source;   ///< "cuobjdump -sass -arch sm_90 of /path/warpscope-cli", or why not available
};

/// Reads the per-operation counts out of a listing. The FP32 FMA kernel is one FFMA per operation
/// by construction, so its body less kInstructionOpsPerPass is the loop's control, taken off every
/// kind (3 when that kernel is missing).
SassReading sassPerOperation(const std::string& listing);

/// The lab's kernels in this program's own SASS for `smArch` ("sm_90"), read with the toolkit's
/// cuobjdump once per process and architecture; not available (saying why) where cuobjdump is
/// missing or the program holds no SASS for that architecture.
SassReading readOwnSass(const std::string& smArch);

}  // namespace warpscope::labs
