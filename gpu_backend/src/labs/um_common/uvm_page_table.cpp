#include "labs/um_common/uvm_page_table.h"

#include <algorithm>
#include <cstring>

namespace warpscope::labs::um {

PageTable::PageTable(std::uint64_t allocationBytes)
    : pageCount_(static_cast<std::uint32_t>((allocationBytes + kPageBytes - 1) / kPageBytes)) {
  resident.assign(pageCount_, 0);
  mapped.assign(pageCount_, 0);
  flags.assign(pageCount_, 0);
}

std::uint32_t PageTable::pagesInBlock(std::uint32_t block) const {
  const std::uint32_t first = block * static_cast<std::uint32_t>(kPagesPerChunk);
  return std::min<std::uint32_t>(static_cast<std::uint32_t>(kPagesPerChunk), pageCount_ - first);
}

void PageTable::setFlag(std::uint32_t first, std::uint32_t count, PageFlag flag, bool on) {
  const std::uint32_t end = std::min(pageCount_, first + count);
  for (std::uint32_t p = first; p < end; ++p) {
    flags[p] = on ? static_cast<std::uint8_t>(flags[p] | flag) : static_cast<std::uint8_t>(flags[p] & ~flag);
  }
}

void PageTable::placeOnly(std::uint32_t first, std::uint32_t count, Processor p) {
  const std::uint32_t end = std::min(pageCount_, first + count);
  for (std::uint32_t i = first; i < end; ++i) {
    resident[i] = processorBit(p);
    mapped[i] = 0;
  }
}

BlockPageMask PageTable::residentMask(std::uint32_t block, Processor p) const {
  BlockPageMask mask;
  const std::uint32_t base = block * static_cast<std::uint32_t>(kPagesPerChunk);
  const std::uint32_t n = pagesInBlock(block);
  const int shift = static_cast<int>(p);  // the processor's bit in each byte
  std::uint32_t k = 0;
  for (; k + 8 <= n; k += 8) {
    std::uint64_t bytes;
    std::memcpy(&bytes, resident.data() + base + k, 8);
    // Bit `shift` of each byte to bit 0, then the eight bits gathered into the top byte
    // (little-endian: byte i, page base+k+i, ends up as bit i).
    const std::uint64_t lows = (bytes >> shift) & 0x0101010101010101ull;
    const std::uint64_t eight = (lows * 0x0102040810204080ull) >> 56;
    mask.words[k >> 6] |= eight << (k & 63);
  }
  for (; k < n; ++k)
    if (resident[base + k] & processorBit(p)) mask.set(static_cast<int>(k));
  return mask;
}

PageState PageTable::stateOf(std::uint32_t page) const {
  if (flags[page] & kPinned) return PageState::Pinned;
  const std::uint8_t r = resident[page];
  if (r == 0) return PageState::Unpopulated;
  if ((r & (r - 1)) != 0) return PageState::Duplicated;  // more than one copy
  if (mapped[page] != 0) return PageState::RemoteMapped;
  if (r == processorBit(Processor::Cpu)) return PageState::Cpu;
  if (r == processorBit(Processor::Gpu0)) return PageState::Gpu0;
  return PageState::Gpu1;
}

void TraceRecorder::residency(double timeUs, std::uint32_t first, std::uint32_t count, PageState state) {
  if (count == 0 || !recordResidency) return;
  if (!changes.empty()) {
    ResidencyChange& last = changes.back();
    if (last.timeUs == timeUs && last.state == state && last.firstPage + last.pageCount == first) {
      last.pageCount += count;
      return;
    }
  }
  changes.push_back({timeUs, first, count, state});
}

void TraceRecorder::residencyFromTable(double timeUs, const PageTable& table, std::uint32_t first,
                                       std::uint32_t count) {
  if (!recordResidency) return;
  const std::uint32_t end = std::min(table.pageCount(), first + count);
  std::uint32_t runStart = first;
  while (runStart < end) {
    const PageState state = table.stateOf(runStart);
    std::uint32_t runEnd = runStart + 1;
    while (runEnd < end && table.stateOf(runEnd) == state) ++runEnd;
    residency(timeUs, runStart, runEnd - runStart, state);
    runStart = runEnd;
  }
}

}  // namespace warpscope::labs::um
