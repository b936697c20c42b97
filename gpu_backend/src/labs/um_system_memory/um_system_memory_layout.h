#pragma once
/// \file um_system_memory_layout.h
/// Where the counters of um-system-memory's atomics lie and which counter each operation adds to,
/// written once for the kernels (.cu, C++17) and the host (CPU threads, the check). No
/// dependencies beyond <cstdint>.
///
/// Counter c is the 8-byte word c x stride of the managed buffer: packed side by side in one page
/// (stride 1 word), or one per 64 KiB (a page and a GPU big page of its own). Agent a (GPU thread
/// a, or CPU thread a) adds its i-th operation to counter (a + i) mod counters, so every agent
/// spreads its operations over all counters and both sides meet on every one of them.

#include <cstdint>

#if defined(__CUDACC__)
#define WS_SYS_HD __host__ __device__ __forceinline__
#else
#define WS_SYS_HD inline
#endif

namespace warpscope::labs {

inline constexpr std::uint64_t kSeparateCounterStrideBytes = 64 * 1024;
inline constexpr std::uint64_t kCounterBytes = 8;
inline constexpr int kMaxCounters = 64;

WS_SYS_HD std::uint64_t counterStrideWords(bool separatePages) {
  return separatePages ? kSeparateCounterStrideBytes / kCounterBytes : 1;
}

/// Bytes the counters' managed buffer spans (at least 64 KiB: one GPU big page).
WS_SYS_HD std::uint64_t counterBufferBytes(int counters, bool separatePages) {
  const std::uint64_t span = separatePages ? static_cast<std::uint64_t>(counters) * kSeparateCounterStrideBytes
                                           : static_cast<std::uint64_t>(counters) * kCounterBytes;
  return span < kSeparateCounterStrideBytes ? kSeparateCounterStrideBytes : span;
}

WS_SYS_HD unsigned counterOf(std::uint64_t agent, std::uint64_t op, unsigned counters) {
  return static_cast<unsigned>((agent + op) % counters);
}

/// How many of an agent's first `done` operations went to counter c.
WS_SYS_HD std::uint64_t opsOnCounter(std::uint64_t agent, std::uint64_t done, unsigned c, unsigned counters) {
  const std::uint64_t first = agent % counters;                    // the counter of op 0
  const std::uint64_t offset = (c + counters - first) % counters;  // the first op that lands on c
  return done / counters + (offset < done % counters ? 1 : 0);
}

/// What a system-memory kernel writes back over each word it reads (computed on the host for the
/// check, touch after touch).
WS_SYS_HD std::uint32_t touchedWord(std::uint32_t w) { return w * 5u + 3u; }

}  // namespace warpscope::labs

namespace warpscope::labs {

/// Bytes each warp of a system-memory kernel reads and rewrites in order (one 4 KiB page).
inline constexpr std::uint64_t kSystemTouchWarpBytes = 4096;

}  // namespace warpscope::labs
