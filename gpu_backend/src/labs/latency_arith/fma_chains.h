#pragma once
/// \file fma_chains.h
/// Volkov part I: chains of dependent FP32 FMAs (a = a*b + c), ILP independent chains per thread.
/// Included by the kernel (.cu) and by host code (the launch and the host-side recomputation).

#include <cuda_runtime_api.h>

#include "cuda/kernels/host_device.h"

namespace warpscope::cuda {

/// FMAs in one pass of the fully unrolled loop body, all chains together. 512 FFMAs (8 KiB of
/// code) against 3 loop-control instructions keeps the loop's own issue slots near 0.6%: on Hopper
/// every scheduler issues one warp instruction per cycle, so any non-FMA instruction costs peak.
inline constexpr int kFmaBodyPerPass = 512;

/// FMAs per chain per pass (ILP 3 and 6: 510 FMAs per pass, not 512).
WS_HD constexpr int fmaPerChainPerPass(int ilp) { return kFmaBodyPerPass / ilp; }

/// Passes of the loop that bring a thread closest to, not over, fmasPerThread FMAs.
WS_HD constexpr int fmaPasses(int ilp, int fmasPerThread) { return fmasPerThread / (fmaPerChainPerPass(ilp) * ilp); }

/// FMAs a thread actually executes (what GFLOP/s must count).
WS_HD constexpr long long fmaExecutedPerThread(int ilp, int fmasPerThread) {
  return static_cast<long long>(fmaPasses(ilp, fmasPerThread)) * fmaPerChainPerPass(ilp) * ilp;
}

/// Starting value of chain `chain` of global thread `tid`: exact in float (k / 1024, k < 1024),
/// different per chain so no two chains are the same computation.
WS_HD inline float fmaInitialValue(unsigned tid, int chain) {
  return static_cast<float>((tid * 7u + static_cast<unsigned>(chain) * 13u) & 1023u) * 0.0009765625f;
}

/// True for the ILP values a kernel is compiled for (labs::kArithIlpValues, ilp_values.h).
bool fmaChainsCompiledFor(int ilp);

/// The kernel for `ilp` (for cudaFuncGetAttributes / occupancy queries), or nullptr.
const void* fmaChainsKernel(int ilp);

/// Sets c of a = a*b + c for the launches that follow on the current device (constant memory:
/// fma_chains.cu says why c is no kernel argument). Call outside timed regions.
cudaError_t setFmaAddend(float c);

/// Launches blocks x threadsPerBlock threads; each runs `passes` passes of the unrolled body with
/// this b and the last setFmaAddend() c, and writes the sum of its chains to out[global thread
/// index]. Returns cudaGetLastError().
cudaError_t launchFmaChains(int ilp, unsigned blocks, unsigned threadsPerBlock, float* out, float b, int passes);

}  // namespace warpscope::cuda
