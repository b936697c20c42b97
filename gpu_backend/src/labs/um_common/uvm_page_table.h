#pragma once
/// \file uvm_page_table.h
/// The UVM model's page table: for every 4 KiB page of one managed allocation, which processors
/// hold a valid copy (resident), which map it remotely, and the advice/heuristic flags that steer
/// the fault handler. What state the page map shows follows from these (stateOf).

#include <cstdint>
#include <vector>

#include "labs/um_common/um_trace.h"
#include "labs/um_common/uvm_prefetch.h"

namespace warpscope::labs::um {

/// Bit of a processor in the resident/mapped masks.
constexpr std::uint8_t processorBit(Processor p) { return static_cast<std::uint8_t>(1u << static_cast<int>(p)); }

/// Per-page advice and heuristic flags.
enum PageFlag : std::uint8_t {
  kReadMostly = 1,      ///< cudaMemAdviseSetReadMostly: reads duplicate, writes collapse.
  kPreferCpu = 2,       ///< cudaMemAdviseSetPreferredLocation = CPU.
  kPreferGpu0 = 4,      ///< ... = GPU 0.
  kPreferGpu1 = 8,      ///< ... = GPU 1.
  kAccessedByGpu0 = 16, ///< cudaMemAdviseSetAccessedBy = GPU 0: always mapped there.
  kAccessedByGpu1 = 32,
  kPinned = 64,         ///< Pinned by the thrashing heuristic (others map it remotely).
};

class PageTable {
 public:
  explicit PageTable(std::uint64_t allocationBytes);

  [[nodiscard]] std::uint32_t pageCount() const { return pageCount_; }
  [[nodiscard]] std::uint32_t blockCount() const { return (pageCount_ + kPagesPerChunk - 1) / kPagesPerChunk; }
  /// Pages of VA block `block` (512, fewer for a short last block).
  [[nodiscard]] std::uint32_t pagesInBlock(std::uint32_t block) const;

  [[nodiscard]] bool residentOn(std::uint32_t page, Processor p) const { return (resident[page] & processorBit(p)) != 0; }
  /// Resident or mapped: the processor can access the page without a fault.
  [[nodiscard]] bool accessibleBy(std::uint32_t page, Processor p) const {
    return ((resident[page] | mapped[page]) & processorBit(p)) != 0;
  }
  [[nodiscard]] bool has(std::uint32_t page, PageFlag flag) const { return (flags[page] & flag) != 0; }
  void setFlag(std::uint32_t first, std::uint32_t count, PageFlag flag, bool on);
  /// Every page in [first, first+count) resident on exactly `p` and nowhere mapped.
  void placeOnly(std::uint32_t first, std::uint32_t count, Processor p);

  /// The pages of VA block `block` resident on `p`, read eight pages at a time: the fault path
  /// asks this for every block it visits, and a warp/64KB kernel visits each block 32 times.
  [[nodiscard]] BlockPageMask residentMask(std::uint32_t block, Processor p) const;

  /// What the page map shows for this page.
  [[nodiscard]] PageState stateOf(std::uint32_t page) const;

  std::vector<std::uint8_t> resident;  ///< Mask of processors holding a valid copy.
  std::vector<std::uint8_t> mapped;    ///< Mask of processors mapping the page remotely.
  std::vector<std::uint8_t> flags;     ///< PageFlag bits.

 private:
  std::uint32_t pageCount_ = 0;
};

/// Records the trace: events (and their totals) and residency changes merged into runs.
class TraceRecorder {
 public:
  void event(const UmEvent& e) { events.push_back(e); }
  /// From timeUs on, pages [first, first+count) are in `state`; extends the previous change when
  /// it is the same time and state and ends where this one starts.
  void residency(double timeUs, std::uint32_t first, std::uint32_t count, PageState state);
  /// Records the current state of [first, first+count) from the page table, split into runs.
  void residencyFromTable(double timeUs, const PageTable& table, std::uint32_t first, std::uint32_t count);

  std::vector<UmEvent> events;
  std::vector<ResidencyChange> changes;
  /// False: residency changes are not kept (a sweep point whose page map nobody sees); events
  /// still are, the counters are read from them.
  bool recordResidency = true;
};

}  // namespace warpscope::labs::um
