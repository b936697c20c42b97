// A CUPTI trace records moves; under SetReadMostly a move is a copy. These guard the page map's
// reading of a ReadMostly trace: copies show as duplicated, a CPU write collapses them, and the
// plain reading (every arrival a move) stays what other policies use.
#include <gtest/gtest.h>

#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {
namespace {

constexpr std::uint64_t kBytes = 4 * kPageBytes;

UmEvent migration(UmEventKind kind, Processor to, double endUs, std::uint64_t firstPage, std::uint64_t pages) {
  UmEvent e;
  e.kind = kind;
  e.startUs = endUs - 1;
  e.endUs = endUs;
  e.address = firstPage * kPageBytes;
  e.bytes = pages * kPageBytes;
  e.destination = to;
  return e;
}

UmEvent cpuFault(double atUs, std::uint64_t page) {
  UmEvent e;
  e.kind = UmEventKind::CpuPageFault;
  e.startUs = e.endUs = atUs;
  e.address = page * kPageBytes + 100;  // inside the page
  e.destination = Processor::Cpu;
  return e;
}

/// Each page's state at the end, replaying the changes over `initial`.
std::vector<PageState> finalStates(const std::vector<ResidencyChange>& changes, PageState initial) {
  std::vector<PageState> pages(kBytes / kPageBytes, initial);
  for (const ResidencyChange& c : changes)
    for (std::uint32_t p = c.firstPage; p < c.firstPage + c.pageCount; ++p) pages[p] = c.state;
  return pages;
}

TEST(ReadMostlyResidency, ACopyToTheGpuOfTheCpusPagesShowsThemDuplicated) {
  const std::vector<UmEvent> events = {migration(UmEventKind::BytesHtoD, Processor::Gpu0, 10, 0, 4)};
  EXPECT_EQ(finalStates(readMostlyResidencyFromEvents(events, kBytes, PageState::Cpu), PageState::Cpu),
            std::vector<PageState>(4, PageState::Duplicated));
  // Without ReadMostly the same record is a move.
  EXPECT_EQ(finalStates(residencyFromEvents(events, kBytes), PageState::Cpu), std::vector<PageState>(4, PageState::Gpu0));
}

TEST(ReadMostlyResidency, ACpuWriteCollapsesTheCopiesAndTheNextReadDuplicatesAgain) {
  std::vector<UmEvent> events = {cpuFault(1, 0), cpuFault(1, 1), cpuFault(1, 2), cpuFault(1, 3),
                                 migration(UmEventKind::BytesHtoD, Processor::Gpu0, 10, 0, 4), cpuFault(20, 1)};
  const auto changes = readMostlyResidencyFromEvents(events, kBytes, PageState::Unpopulated);
  EXPECT_EQ(finalStates(changes, PageState::Unpopulated),
            (std::vector<PageState>{PageState::Duplicated, PageState::Cpu, PageState::Duplicated, PageState::Duplicated}));
  events.push_back(migration(UmEventKind::BytesHtoD, Processor::Gpu0, 30, 1, 1));
  EXPECT_EQ(finalStates(readMostlyResidencyFromEvents(events, kBytes, PageState::Unpopulated), PageState::Unpopulated),
            std::vector<PageState>(4, PageState::Duplicated));
}

TEST(ReadMostlyResidency, AGpuCopyFromTheOtherGpuIsDuplicatedAndAGpusFirstTouchIsNot) {
  // Pages 0-1 reach GPU 0 from nowhere (first touch on the GPU: one copy), then GPU 1 copies page 0.
  const std::vector<UmEvent> events = {migration(UmEventKind::BytesHtoD, Processor::Gpu0, 10, 0, 2),
                                       migration(UmEventKind::BytesDtoD, Processor::Gpu1, 20, 0, 1)};
  EXPECT_EQ(finalStates(readMostlyResidencyFromEvents(events, kBytes, PageState::Unpopulated), PageState::Unpopulated),
            (std::vector<PageState>{PageState::Duplicated, PageState::Gpu0, PageState::Unpopulated, PageState::Unpopulated}));
}

TEST(ReadMostlyResidency, OnlyChangesAreEmittedInTimeOrder) {
  // The second copy of the same pages to the same GPU changes nothing.
  const std::vector<UmEvent> events = {migration(UmEventKind::BytesHtoD, Processor::Gpu0, 20, 0, 4),
                                       migration(UmEventKind::BytesHtoD, Processor::Gpu0, 10, 0, 4)};
  const auto changes = readMostlyResidencyFromEvents(events, kBytes, PageState::Cpu);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].timeUs, 10);
  EXPECT_EQ(changes[0].pageCount, 4u);
}

}  // namespace
}  // namespace warpscope::labs::um
