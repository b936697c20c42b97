#pragma once
/// \file volkov_copy.h
/// Volkov part II: a copy in which each thread loads all its elements before storing any, so a
/// thread keeps elements x elementBytes bytes in flight. Plus the fill and check kernels around it.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "cuda/kernels/fill_words.h"

namespace warpscope::cuda {

/// How the copy's loads and stores treat the caches.
enum class CacheHint {
  Default,    ///< Plain ld.global / st.global.
  Streaming,  ///< __ldcs / __stcs (ld.global.cs, st.global.cs): evict-first, the data is touched once.
};

inline constexpr int kCopyMaxElements = 16;

/// The copy kernel for 4/8/16-byte elements (float, float2, float4) and 1..16 elements per
/// thread, or nullptr. For occupancy queries and cudaFuncSetAttribute.
const void* volkovCopyKernel(int elementBytes, int elements, CacheHint hint);

/// Copies blocks x threadsPerBlock x elements elements of elementBytes from src to dst: block b,
/// thread t handles elements b*elements*threadsPerBlock + t + i*threadsPerBlock (coalesced).
/// dynamicSmemBytes is reserved, never touched: it only limits how many blocks fit on an SM.
/// Returns cudaGetLastError().
cudaError_t launchVolkovCopy(int elementBytes, int elements, CacheHint hint, unsigned blocks,
                             unsigned threadsPerBlock, std::size_t dynamicSmemBytes, void* dst,
                             const void* src);

/// Adds to *mismatches the number of words of dst that are wrong: the first coveredWords must be
/// randomWord(seed, i), the rest up to totalWords must still be kPoisonWord (nothing written past
/// the copy). *mismatches must be zeroed first. Returns cudaGetLastError().
cudaError_t launchCountCopyMismatches(const std::uint32_t* dst, std::size_t coveredWords,
                                      std::size_t totalWords, std::uint64_t seed,
                                      unsigned long long* mismatches);

}  // namespace warpscope::cuda
