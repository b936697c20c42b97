#pragma once
/// \file instruction_costs_kernels.h
/// The kernels of lab "instruction-costs" (instruction_costs_chains.cuh): every thread runs
/// labs::kInstructionChains independent chains of one kind's operation, labs::kInstructionUnroll
/// per chain in each of `passes` passes, and writes each chain's last value. The kinds marked Fast
/// are compiled in a translation unit of their own with -use_fast_math. Host-callable launch
/// wrappers; no C++20 here.

#include <cuda_runtime_api.h>

#include "labs/instruction_costs/instruction_costs_shape.h"

namespace warpscope::cuda {

/// Sets kind's q (labs::chainOperandsOf) in its translation unit's constant memory. Call before
/// timing: it is a copy of its own.
cudaError_t setInstructionOperand(labs::InstructionKind kind);

/// Launches kind's kernel on blocks x threads with p = labs::chainOperandsOf(kind).p; out holds
/// blocks x threads x kInstructionChains values of the kind's chain type. Returns cudaGetLastError().
cudaError_t launchInstructionChains(labs::InstructionKind kind, void* out, unsigned blocks, unsigned threads,
                                    int passes);

namespace fast_math {
cudaError_t setOperand(labs::InstructionKind kind);
cudaError_t launch(labs::InstructionKind kind, void* out, unsigned blocks, unsigned threads, int passes);
}  // namespace fast_math

}  // namespace warpscope::cuda
