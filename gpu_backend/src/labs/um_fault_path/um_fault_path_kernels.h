#pragma once
/// \file um_fault_path_kernels.h
/// The fault-group run's kernel of room "um-fault-path" (no public headers: included by the .cu,
/// built as C++17, and by host code): the fault path example's access, warp w reading its
/// bytes per warp from w x bytes per warp, over a managed buffer the CPU wrote.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::labs {

/// 8 warps a block, as the model's kernel dispatches them (uvm_stream_kernel.h: warpsPerBlock).
inline constexpr unsigned kFaultGroupThreadsPerBlock = 256;

/// Blocks the read launches: one warp per chunkWords of `words`, 8 warps a block.
unsigned faultGroupReadBlocks(std::size_t words, std::size_t chunkWords);

/// Warp w sums words [w x chunkWords, (w+1) x chunkWords) of data, 32 side by side per step
/// (chunkWords a multiple of 32); block b writes its warps' total to partials[b].
/// Returns cudaGetLastError().
cudaError_t launchFaultGroupRead(std::uint32_t* data, std::size_t words, std::size_t chunkWords,
                                 unsigned long long* partials, cudaStream_t stream);

}  // namespace warpscope::labs
