#pragma once
/// \file limiter_kernels.h
/// The limiter family's kernels (full, memory-only, math-only, store-only) and the fill and check kernels
/// around them. Included by the kernels (.cu, C++17) and by host code.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "labs/limiter_common/limiter_shape.h"

namespace warpscope::cuda {

/// FMAs of one chain per trip of the kernel's K loop: the largest power of two <= K, at most 32
/// (K must be a multiple of it: the slider's powers of two are), so the loop's own 2-3
/// instructions cost at most 1.2% of the issue slots at large K (8 chains x 32 = 256 FMAs a trip).
int limiterUnrollFor(int fmasPerElement);

/// The kernel that runs `variant` at K FMAs per element (for occupancy queries), or nullptr when
/// K is not a positive multiple of its unroll.
const void* limiterKernel(labs::LimiterVariant variant, int fmasPerElement);

/// Elements one launch of blocks x kLimiterThreadsPerBlock threads covers per loop iteration
/// (every thread handles kLimiterElementsPerThread): element counts are multiples of it.
std::size_t limiterChunkElements(unsigned blocks);

/// Launches `variant` over `elements` elements (a multiple of limiterChunkElements(blocks)) with
/// dynamicSmemBytes of padding shared memory (never touched: it only holds occupancy equal).
/// Full: out[i] = chain(in[i]); memory-only: out[i] = in[i]; math-only: computes
/// chain(limiterMathOnlyValue(i)) and stores it only if it equals `never`; store-only:
/// out[i] = limiterMathOnlyValue(i) (no loads, no math). Each chain is K
/// dependent acc = fma(acc, b, kLimiterAddend). Returns cudaGetLastError().
cudaError_t launchLimiter(labs::LimiterVariant variant, int fmasPerElement, unsigned blocks,
                          std::size_t dynamicSmemBytes, const float* in, float* out, std::size_t elements,
                          float b, float never);

/// in[i] = limiterInputValue(seed, i). Returns cudaGetLastError().
cudaError_t launchLimiterFill(float* in, std::size_t elements, std::uint64_t seed);

/// Adds to *count the words of `words` equal to `value` (the caller zeroes *count first).
cudaError_t launchCountWordsEqual(const std::uint32_t* words, std::size_t count, std::uint32_t value,
                                  unsigned long long* countOut);

/// Adds to *wrongOut the elements of a store-only output that are not limiterMathOnlyValue(i).
cudaError_t launchCountStoreOnlyWrong(const float* out, std::size_t count, unsigned long long* wrongOut);

/// Adds to *count the words where a and b differ bit for bit (the caller zeroes *count first).
cudaError_t launchCountWordsDiffering(const std::uint32_t* a, const std::uint32_t* b, std::size_t count,
                                      unsigned long long* countOut);

}  // namespace warpscope::cuda
