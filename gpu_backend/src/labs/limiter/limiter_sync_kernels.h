#pragma once
/// \file limiter_sync_kernels.h
/// The __syncthreads() experiment's kernels (limiter_sync_shape.h) and the check around them.
/// Included by the kernels (.cu, C++17) and by host code.

#include <cuda_runtime_api.h>

#include <cstddef>

#include "labs/limiter/limiter_sync_shape.h"

namespace warpscope::cuda {

/// The kernel of `which` (for occupancy queries).
const void* limiterSyncKernel(labs::SyncKernel which);

/// Launches `which` as `blocks` blocks of `threads` over `elements` elements (a multiple of
/// blocks x syncTileElements(threads)), with dynamicSmemBytes of shared memory (at least the
/// tile, threads x 32 bytes; more only holds occupancy). Full: out[g] = chain(in[src(g)]), src =
/// syncSourceIndex; memory-only: out[g] = in[src(g)]; math-only: the chain of
/// limiterMathOnlyValue(src(g)), stored only if it equals `never`. Returns cudaGetLastError().
cudaError_t launchLimiterSync(labs::SyncKernel which, unsigned blocks, unsigned threads, std::size_t dynamicSmemBytes,
                              const float* in, float* out, std::size_t elements, int fmasPerElement, float b,
                              float never);

/// Adds to *wrongOut the elements g of out that differ bit for bit from in[syncSourceIndex(g)].
cudaError_t launchCountSyncMirrorWrong(const float* out, const float* in, std::size_t elements, unsigned blockThreads,
                                       unsigned long long* wrongOut);

}  // namespace warpscope::cuda
