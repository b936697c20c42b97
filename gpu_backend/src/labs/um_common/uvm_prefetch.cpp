#include "labs/um_common/uvm_prefetch.h"

#include <algorithm>
#include <bit>

#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {

void BlockPageMask::fill(int first, int count) {
  int p = first;
  const int end = first + count;
  while (p < end) {
    const int bit = p & 63;
    const int take = std::min(64 - bit, end - p);
    words[static_cast<std::size_t>(p >> 6)] |= (take == 64) ? ~0ull : (((1ull << take) - 1) << bit);
    p += take;
  }
}

int BlockPageMask::countIn(int first, int count) const {
  int total = 0;
  int p = first;
  const int end = first + count;
  while (p < end) {
    const int word = p >> 6;
    const int bit = p & 63;
    const int take = std::min(64 - bit, end - p);
    std::uint64_t m = (take == 64) ? ~0ull : (((1ull << take) - 1) << bit);
    total += std::popcount(words[static_cast<std::size_t>(word)] & m);
    p += take;
  }
  return total;
}

bool BlockPageMask::empty() const {
  for (std::uint64_t w : words)
    if (w != 0) return false;
  return true;
}

BlockPageMask& BlockPageMask::operator|=(const BlockPageMask& o) {
  for (std::size_t i = 0; i < words.size(); ++i) words[i] |= o.words[i];
  return *this;
}

BlockPageMask BlockPageMask::minus(const BlockPageMask& o) const {
  BlockPageMask r;
  for (std::size_t i = 0; i < words.size(); ++i) r.words[i] = words[i] & ~o.words[i];
  return r;
}

BlockPageMask BlockPageMask::operator&(const BlockPageMask& o) const {
  BlockPageMask r;
  for (std::size_t i = 0; i < words.size(); ++i) r.words[i] = words[i] & o.words[i];
  return r;
}

BlockPageMask densityPrefetch(const BlockPageMask& resident, const BlockPageMask& faulted, int pagesInBlock,
                              double thresholdPct, bool growToBigPages) {
  BlockPageMask tree = resident;
  tree |= faulted;
  if (growToBigPages) {
    for (int big = 0; big < pagesInBlock; big += kPagesPerBlock) {
      const int n = std::min(kPagesPerBlock, pagesInBlock - big);
      if (faulted.countIn(big, n) > 0) tree.fill(big, n);
    }
  }
  BlockPageMask migrate = faulted;
  // One walk per distinct 64 KiB group of faults is enough above the big-page level; walking from
  // every faulted page keeps the driver's per-page semantics for CPU faults.
  int walkedUpTo = -1;  // pages of a region already chosen need no second walk
  faulted.forEach([&](int page) {
    if (page <= walkedUpTo || page >= pagesInBlock) return;
    int bestFirst = -1;
    int bestCount = 0;
    for (int size = 1; size <= kPagesPerChunk; size *= 2) {
      const int first = (page / size) * size;
      if (first >= pagesInBlock) break;
      const int n = std::min(size, pagesInBlock - first);
      if (static_cast<double>(tree.countIn(first, n)) * 100.0 > static_cast<double>(n) * thresholdPct) {
        bestFirst = first;
        bestCount = n;
      }
      if (n < size) break;  // the clipped top of a short block
    }
    if (bestFirst >= 0) {
      migrate.fill(bestFirst, bestCount);
      walkedUpTo = std::max(walkedUpTo, bestFirst + bestCount - 1);
    }
  });
  return migrate.minus(resident);
}

}  // namespace warpscope::labs::um
