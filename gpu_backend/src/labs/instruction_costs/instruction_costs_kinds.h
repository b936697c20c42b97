#pragma once
/// \file instruction_costs_kinds.h
/// The lab's kinds as the views and the model see them: a name, the source line, and what nvcc
/// made of it, decoded from the lab's own sm_90 code (the model's table; a GPU run reads its own
/// SASS with cuobjdump instead, instruction_costs_sass.h).

#include <array>
#include <string>

#include "labs/instruction_costs/instruction_costs_shape.h"
#include "mechanisms/instruction_throughput.h"

namespace warpscope::labs {

struct KindInfo {
  InstructionKind kind;
  const char* key;     ///< scalar ids: "ops_per_clk.<key>", e.g. "sinf_fast"
  const char* label;   ///< the kind in words, e.g. "sinf, fast math (__sinf)"
  const char* bar;     ///< the bar's category, short enough for fifteen on a projector, e.g. "__sinf"
  const char* source;  ///< the operation as written, e.g. "a = sinf(a) + q"
  /// SASS instructions per operation, static: the loop's body over its 64 operations, less the
  /// loop's 3 control instructions (nvcc 13.0, sm_90). For sinf most of them are the Payne-Hanek
  /// reduction, skipped for |x| < 105615.
  double staticSassPerOp;
  /// The instructions one operation executes, by class (the fast path where there is a slow one).
  InstructionMix executed;
};

/// Every kind, in the bars' order (InstructionKind's).
const std::array<KindInfo, kInstructionKindCount>& instructionKinds();
const KindInfo& kindInfo(InstructionKind kind);

/// Where the table's numbers come from, for the notes and docs.
extern const char* const kKindTableSource;

}  // namespace warpscope::labs
