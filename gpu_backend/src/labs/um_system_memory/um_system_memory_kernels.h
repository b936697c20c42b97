#pragma once
/// \file um_system_memory_kernels.h
/// um-system-memory's kernels and their launch wrappers. Included by the kernels (.cu, C++17) and
/// the host code; no public headers.
///
/// The atomics kernel: GPU thread t does its share of totalOps operations (totalOps / threads, one
/// more for the first totalOps % threads), the i-th adding 1 to counter counterOf(t, i)
/// (um_system_memory_layout.h) with atomicAdd_system, or with the device-scope atomicAdd for the
/// baseline. It never waits for the CPU: the loop is bounded by the thread's share, and every 64
/// operations it checks its %globaltimer budget and stops early once that is spent (a page bouncing
/// for longer than anyone should wait). done[t] receives the operations thread t completed, which
/// the host checks the counters against.
///
/// The touch kernel: each warp reads kSystemTouchWarpBytes of 32-bit words in order and rewrites
/// each word w as touchedWord(w); each block writes the sum of what it read to partials[block].

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

namespace warpscope::labs {

struct SysAtomicArgs {
  unsigned long long* counters = nullptr;  ///< Managed; counter c at counters[c * strideWords].
  unsigned counterCount = 1;
  std::uint64_t strideWords = 1;
  std::uint64_t totalOps = 0;
  unsigned long long budgetNs = 0;  ///< Per thread, from its first %globaltimer read.
  unsigned* done = nullptr;         ///< Device memory, one per thread.
};

inline constexpr unsigned kSysAtomicThreadsPerBlock = 256;
inline constexpr unsigned kSysTouchThreadsPerBlock = 256;

/// Launches blocks x kSysAtomicThreadsPerBlock threads; systemScope picks atomicAdd_system.
cudaError_t launchSysAtomics(const SysAtomicArgs& args, unsigned blocks, bool systemScope, cudaStream_t stream);

/// Blocks of the touch kernel over `words` 32-bit words.
unsigned sysTouchBlocks(std::size_t words);
/// Launches the touch kernel over data[0, words); partials: sysTouchBlocks(words) sums.
cudaError_t launchSysTouch(std::uint32_t* data, std::size_t words, unsigned long long* partials, cudaStream_t stream);

}  // namespace warpscope::labs
