#pragma once
/// \file rvs_kernels.h
/// Volkov part III: a = a*b + c with b and c from registers or from shared memory, ILP chains per
/// thread. Included by the kernel (.cu) and by host code (the launch and the recomputation).

#include <cuda_runtime_api.h>

#include "cuda/kernels/host_device.h"
#include "labs/register_vs_shared/rvs_values.h"

namespace warpscope::cuda {

/// Starting value of chain `chain` of global thread `tid`: exact in float, different per chain.
WS_HD inline float rvsInitialValue(unsigned tid, int chain) {
  return static_cast<float>((tid * 7u + static_cast<unsigned>(chain) * 13u) & 1023u) * 0.0009765625f;
}

/// Row of the shared operand table that FMA number `fmaInPass` of a pass reads (all chains
/// together, in the kernel's order: fmaInPass = step * ilp + chain).
WS_HD constexpr int rvsTableRow(int fmaInPass) { return fmaInPass % labs::kRvsTableRows; }

/// True for the (variant, ilp) pairs a kernel is compiled for (rvs_values.h).
bool rvsKernelCompiledFor(int variant, int ilp);

/// The kernel for (variant, ilp), for cudaFuncGetAttributes and occupancy queries, or nullptr.
const void* rvsKernel(int variant, int ilp);

/// Sets c of a = a*b + c for the register and one-operand variants (constant memory, as in
/// latency-arith: a uniform register, so no register-bank conflict). Call outside timed regions.
cudaError_t setRvsAddend(float c);

/// Launches blocks x threadsPerBlock threads. Every block first copies `table` (2 x
/// kRvsTableWords floats: the b rows, then the c rows) into shared memory; each thread then runs
/// `passes` passes of the variant's unrolled body and writes the sum of its chains to
/// out[global thread index]. b is the register variant's multiplier. Returns cudaGetLastError().
cudaError_t launchRvs(int variant, int ilp, unsigned blocks, unsigned threadsPerBlock, const float* table,
                      float* out, float b, int passes);

}  // namespace warpscope::cuda
