#pragma once
/// \file um_multi_gpu_kernels.h
/// um-multi-gpu's kernels: a sum of 32-bit words (the read every mode times; the sum is checked
/// against the host's) and a fill (PeerCopy's source). Included by the kernels (.cu, C++17) and
/// the host code; no public headers.

#include <cuda_runtime_api.h>

#include <cstdint>

#if defined(__CUDACC__)
#define WS_MG_HD __host__ __device__ __forceinline__
#else
#define WS_MG_HD inline
#endif

namespace warpscope::labs {

/// The value of word i for a run's seed: 24 bits, so 2^40 words still sum within 64 bits.
WS_MG_HD unsigned multiGpuWordValue(std::uint64_t i, std::uint64_t seed) {
  return static_cast<unsigned>(((i + seed) * 0x9E3779B97F4A7C15ull) >> 40);
}

/// Adds words [begin, end) of `data` into *sum (which the caller zeroes). begin and end must be
/// multiples of 4 (16-byte loads). Returns cudaGetLastError().
cudaError_t launchSumWords(const unsigned* data, std::uint64_t begin, std::uint64_t end, unsigned long long* sum,
                           unsigned blocks, unsigned threadsPerBlock, cudaStream_t stream);

/// Writes multiGpuWordValue(i, seed) to words [0, count). Returns cudaGetLastError().
cudaError_t launchFillWords(unsigned* data, std::uint64_t count, std::uint64_t seed, unsigned blocks,
                            unsigned threadsPerBlock, cudaStream_t stream);

}  // namespace warpscope::labs
