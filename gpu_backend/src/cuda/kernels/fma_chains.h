#pragma once
/// \file fma_chains.h
/// Volkov part I: chains of dependent FP32 FMAs (a = a*b + c), ILP independent chains per thread.
/// The latency-arith lab's kernel, and the FP32 ceiling every lab is judged against (fma_bench.h).
/// The launch wrappers; the shape, shared with code built without CUDA, is fma_chains_shape.h.

#include <cuda_runtime_api.h>

#include "cuda/kernels/fma_chains_shape.h"

namespace warpscope::cuda {

/// True for the ILP values a kernel is compiled for (labs::kArithIlpValues, fma_chains_shape.h).
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
