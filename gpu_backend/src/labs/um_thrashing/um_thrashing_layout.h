#pragma once
/// \file um_thrashing_layout.h
/// Which words of the managed buffer the GPU and the CPU threads own, written once for the kernel
/// (.cu, C++17) and the host (run, check). No dependencies beyond <cstdint>.
///
/// The buffer is pages of kThrashWordsPerPage 32-bit counters. A page is "shared" when the spread
/// rule below marks it (sharedPages of them, evenly spread over the buffer); the other pages are
/// the GPU's alone. A shared page holds `objectsPerPage` objects, alternately owned by the GPU
/// (even objects) and the CPU (odd ones): neither touches the other's words, but both touch the
/// page. With one object per page the page is one object both write, word-interleaved: the GPU
/// owns the even words and the CPU the odd ones (no word is written by both, so both sides can be
/// checked exactly).

#include <cstdint>

#if defined(__CUDACC__)
#define WS_UM_HD __host__ __device__ __forceinline__
#else
#define WS_UM_HD inline
#endif

namespace warpscope::labs {

inline constexpr unsigned kThrashWordsPerPage = 4096 / 4;

/// Page `page` of `pages` is shared when the running count pages x sharedPages / pages steps
/// past it: sharedPages pages, evenly spread (all of them when sharedPages == pages).
WS_UM_HD bool isSharedPage(std::uint64_t page, std::uint64_t pages, std::uint64_t sharedPages) {
  return (page + 1) * sharedPages / pages != page * sharedPages / pages;
}

/// True when word `wordInPage` of a shared page belongs to the CPU threads.
WS_UM_HD bool cpuOwnsWord(unsigned wordInPage, unsigned objectsPerPage) {
  if (objectsPerPage <= 1) return (wordInPage & 1u) != 0u;
  const unsigned object = wordInPage * objectsPerPage / kThrashWordsPerPage;
  return (object & 1u) != 0u;
}

}  // namespace warpscope::labs
