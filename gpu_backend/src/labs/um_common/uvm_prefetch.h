#pragma once
/// \file uvm_prefetch.h
/// The driver's density prefetch (kernel-open/nvidia-uvm/uvm_perf_prefetch.c): a bitmap tree over
/// the pages of one 2 MiB VA block. Its leaves are the pages already resident on the destination
/// plus the faulted pages, each faulted page grown to its whole 64 KiB big page for GPU faults
/// (grow_fault_granularity_if_no_thrashing). Walking up from each faulted page, every aligned
/// region (4 KiB, 8 KiB, ... 2 MiB) in which more than threshold % of the pages are set becomes
/// the prefetch region (compute_prefetch_region keeps the largest). The pages to migrate are the
/// faulted pages plus those regions, less what is already resident.

#include <array>
#include <bit>
#include <cstdint>

namespace warpscope::labs::um {

/// A set of the (up to 512) pages of one VA block.
struct BlockPageMask {
  std::array<std::uint64_t, 8> words{};
  void set(int page) { words[static_cast<std::size_t>(page >> 6)] |= 1ull << (page & 63); }
  [[nodiscard]] bool test(int page) const { return (words[static_cast<std::size_t>(page >> 6)] >> (page & 63)) & 1ull; }
  void fill(int first, int count);
  /// Pages set in [first, first+count).
  [[nodiscard]] int countIn(int first, int count) const;
  [[nodiscard]] int count() const { return countIn(0, 512); }
  [[nodiscard]] bool empty() const;
  BlockPageMask& operator|=(const BlockPageMask& o);
  /// This mask without the pages of `o`.
  [[nodiscard]] BlockPageMask minus(const BlockPageMask& o) const;
  /// The pages in both.
  [[nodiscard]] BlockPageMask operator&(const BlockPageMask& o) const;
  void clear(int page) { words[static_cast<std::size_t>(page >> 6)] &= ~(1ull << (page & 63)); }
  /// The first page set at or after `from`, or 512 when there is none.
  [[nodiscard]] int nextSet(int from) const {
    for (int w = from >> 6; w < 8; ++w) {
      const std::uint64_t bits = words[static_cast<std::size_t>(w)] & (w == (from >> 6) ? ~0ull << (from & 63) : ~0ull);
      if (bits != 0) return w * 64 + std::countr_zero(bits);
    }
    return 512;
  }
  /// Every page in [0, count) set.
  [[nodiscard]] bool allOf(int count) const { return countIn(0, count) == count; }
  /// fn(page) for every page set, in order: the fault path visits the few faulted pages of a
  /// block, not all 512.
  template <class Fn>
  void forEach(Fn&& fn) const {
    for (std::size_t w = 0; w < words.size(); ++w)
      for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1)
        fn(static_cast<int>(w * 64) + std::countr_zero(bits));
  }
};

/// Pages to migrate to the destination for the faults `faulted` in a block of `pagesInBlock`
/// pages of which `resident` are already there. growToBigPages: GPU faults (64 KiB big pages);
/// false for CPU faults and for pages the thrashing heuristic flagged.
BlockPageMask densityPrefetch(const BlockPageMask& resident, const BlockPageMask& faulted, int pagesInBlock,
                              double thresholdPct, bool growToBigPages);

}  // namespace warpscope::labs::um
