#include "labs/um_fault_path/um_fault_groups.h"

#include <algorithm>
#include <bit>
#include <string>

#include "warpscope/params.h"

namespace warpscope::labs {

void checkFaultGroupScenario(const FaultGroupScenario& s) {
  if (s.pages < 16 || s.pages > 16384)
    throw BadInputError("um-fault-path: fault_pages must be 16 to 16384 pages of 4 KiB (got " +
                        std::to_string(s.pages) + ")");
  if (s.bytesPerWarp < 128 || s.bytesPerWarp > 65536 || !std::has_single_bit(s.bytesPerWarp))
    throw BadInputError("um-fault-path: bytes_per_warp must be a power of two from 128 to 65536 (got " +
                        std::to_string(s.bytesPerWarp) + ")");
}

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::uint64_t pagesOf(std::uint64_t bytes) { return (bytes + um::kPageBytes - 1) / um::kPageBytes; }

}  // namespace

double FaultGroupTable::medianDurationUs() const {
  std::vector<double> d;
  d.reserve(groups.size());
  for (const FaultGroup& g : groups) d.push_back(g.durationUs());
  return median(std::move(d));
}

double FaultGroupTable::longestDurationUs() const {
  double longest = 0;
  for (const FaultGroup& g : groups) longest = std::max(longest, g.durationUs());
  return longest;
}

FaultGroupTable faultGroupsOf(const um::UmTrace& trace) {
  FaultGroupTable table;
  for (const um::UmEvent& e : trace.events) {
    if (e.kind != um::UmEventKind::GpuPageFault) continue;
    FaultGroup g;
    g.startUs = e.startUs;
    g.endUs = std::max(e.endUs, e.startUs);
    g.faults = e.count;
    table.faults += e.count;
    table.groups.push_back(g);
  }
  std::stable_sort(table.groups.begin(), table.groups.end(),
                   [](const FaultGroup& a, const FaultGroup& b) { return a.startUs < b.startUs; });
  for (const um::UmEvent& e : trace.events) {
    if (e.kind != um::UmEventKind::BytesHtoD) continue;
    const std::uint64_t pages = pagesOf(e.bytes);
    table.pagesMigrated += pages;
    ++table.copies;
    // The groups that began at or before the copy, latest first: the first still open owns it.
    auto after = std::upper_bound(table.groups.begin(), table.groups.end(), e.startUs,
                                  [](double t, const FaultGroup& g) { return t < g.startUs; });
    FaultGroup* owner = nullptr;
    for (auto it = after; it != table.groups.begin();) {
      --it;
      if (it->endUs >= e.startUs) {
        owner = &*it;
        break;
      }
    }
    if (!owner) {
      table.pagesOutsideGroups += pages;
      continue;
    }
    owner->pagesMigrated += pages;
    ++owner->copies;
    if (e.cause == um::UmCause::Coherence) owner->faultedPages += pages;
  }
  return table;
}

}  // namespace warpscope::labs
