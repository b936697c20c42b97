#pragma once
/// \file coalescing_kernels.h
/// The coalescing lab's kernels: a strided copy (thread t copies element offset + t x stride) and
/// the device-side check of its destination. Host-callable launch wrappers; no C++20 here.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::cuda {

/// Copies element offset + j x stride of `in` to the same index of `out` for j < elements, with
/// elementBytes 4 (float), 8 (float2) or 16 (float4); elements must be a multiple of
/// labs::coalescingElementQuantum(elementBytes) (cudaErrorInvalidValue otherwise). Consecutive
/// threads take consecutive j, so every warp instruction accesses 32 lanes at the stride.
/// Returns cudaGetLastError().
cudaError_t launchStridedCopy(int elementBytes, unsigned long long elements, unsigned stride, unsigned offset,
                              const void* in, void* out);

/// The 2D case: copies the whole side x side float matrix `in` to `out`, work item j copying
/// element labs::matrixElement(mapping, j, side) (mapping 0: thread per column, 1: thread per row),
/// laid out as launchStridedCopy's threads. side x side must be a multiple of
/// labs::coalescingElementQuantum(4) (cudaErrorInvalidValue otherwise). Returns cudaGetLastError().
cudaError_t launchMatrixCopy(int mapping, unsigned side, const void* in, void* out);

/// Adds to *mismatches the words of out[0, totalWords) that are wrong after launchStridedCopy:
/// a word of a copied element must be randomWord(seed, word), every other word kPoisonWord.
/// *mismatches must be zeroed first. Returns cudaGetLastError().
cudaError_t launchCountStridedMismatches(const std::uint32_t* out, std::size_t totalWords, int elementBytes,
                                         unsigned long long elements, unsigned stride, unsigned offset,
                                         std::uint64_t seed, unsigned long long* mismatches);

}  // namespace warpscope::cuda
