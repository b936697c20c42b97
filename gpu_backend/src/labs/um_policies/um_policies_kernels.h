#pragma once
/// \file um_policies_kernels.h
/// The GPU's turn in lab um-policies: read every word of the shared buffer (sum it) and, when
/// asked, update it in place. Included by the kernel (.cu, C++17) and by host code.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::labs {

inline constexpr unsigned kPolicyThreadsPerBlock = 256;
/// Each warp walks its own 64 KiB (the GPU big page), like um-streaming's warp/64K read.
inline constexpr std::size_t kPolicyWarpWords = 64 * 1024 / 4;

/// Blocks (one partial sum each) a launch over `words` uses.
unsigned policyKernelBlocks(std::size_t words);

/// Sums every word into partials[block]; when update, rewrites each as policyUpdatedWord(word).
/// Returns cudaGetLastError().
cudaError_t launchPolicyKernel(std::uint32_t* data, std::size_t words, bool update, unsigned long long* partials);

#ifdef __CUDACC__
#define WS_POLICY_HOST_DEVICE __host__ __device__
#else
#define WS_POLICY_HOST_DEVICE
#endif

/// The GPU's update of a word (the host repeats it to check).
WS_POLICY_HOST_DEVICE inline constexpr std::uint32_t policyUpdatedWord(std::uint32_t w) { return w * 5u + 3u; }

}  // namespace warpscope::labs
