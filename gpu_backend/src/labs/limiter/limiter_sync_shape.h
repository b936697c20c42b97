#pragma once
/// \file limiter_sync_shape.h
/// The shape of the __syncthreads() experiment (seed 001, "Simplified View of Latency and Syncs"),
/// shared by its kernels (.cu, C++17), their host-side checks and the model: dependency-free.
///
/// Each block walks its tiles of blockDim x kSyncElementsPerThread elements: a load phase (every
/// thread loads 2 float4 into shared memory), __syncthreads(), a compute phase (every thread runs
/// K dependent FMAs on each of the 8 elements its mirror thread, blockDim - 1 - t, loaded: so no
/// warp may start before the whole block has loaded), a store, and __syncthreads() before the
/// next tile overwrites the shared tile. 512 threads per SM either way: one block of 512, or two
/// of 256 whose phases can overlap each other.

#include <cstdint>

#include "cuda/kernels/host_device.h"

namespace warpscope::labs {

/// The experiment's kernels: the full kernel, and its memory-only (no FMAs) and math-only (no
/// loads: the tile is formed from the index; stores behind a never-true guard) versions.
enum class SyncKernel { Full = 0, MemoryOnly = 1, MathOnly = 2 };

/// Threads per SM in both configurations: one block of 512, or two of 256.
inline constexpr int kSyncThreadsPerSm = 512;
/// Elements each thread loads per tile (2 float4) and runs a chain on.
inline constexpr int kSyncElementsPerThread = 8;

/// Elements one tile of a block of blockThreads holds.
WS_HD constexpr std::uint64_t syncTileElements(unsigned blockThreads) {
  return static_cast<std::uint64_t>(blockThreads) * kSyncElementsPerThread;
}

/// The element whose loaded value output element g is computed from: the same component of the
/// same float4 slot of the mirror thread (blockDim - 1 - t) in g's tile. Tiles are contiguous runs
/// of syncTileElements(blockThreads) elements; within one, float4 q of thread t is slot
/// q * blockThreads + t.
WS_HD inline std::uint64_t syncSourceIndex(std::uint64_t g, unsigned blockThreads) {
  const std::uint64_t tile = syncTileElements(blockThreads);
  const std::uint64_t start = g / tile * tile;
  const std::uint64_t local = g - start;
  const std::uint64_t slot = local / 4, component = local % 4;
  const std::uint64_t q = slot / blockThreads, t = slot % blockThreads;
  return start + 4 * (q * blockThreads + (blockThreads - 1 - t)) + component;
}

}  // namespace warpscope::labs
