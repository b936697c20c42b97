// The UVM engine's migrations that no fault asks for: the pre-Pascal driver's move of every dirty
// page at kernel launch (seed slide 40) and an access-counter notification's region (slides 42-43).
#include <algorithm>

#include "labs/um_common/uvm_engine.h"

namespace warpscope::labs::um {

double UvmEngine::migrateRange(std::uint32_t first, std::uint32_t count, Processor dest, UmCause cause, double nowUs) {
  const std::uint32_t end = std::min(pages.pageCount(), first + count);
  const std::uint8_t bit = processorBit(dest);
  double t = nowUs;
  for (std::uint32_t block = first / kPagesPerChunk; block * kPagesPerChunk < end; ++block) {
    const std::uint32_t base = block * kPagesPerChunk;
    const int n = static_cast<int>(pages.pagesInBlock(block));
    BlockPageMask move;
    for (int k = 0; k < n; ++k) {
      const std::uint32_t pg = base + static_cast<std::uint32_t>(k);
      if (pg >= first && pg < end && pages.resident[pg] != 0 && !(pages.resident[pg] & bit)) move.set(k);
    }
    t += migrate(block, move, BlockPageMask{}, dest, cause, false, t);
  }
  return t - nowUs;
}

double UvmEngine::migrateDirtyAtLaunch(Processor gpu, double nowUs) {
  // Kepler and Maxwell could not fault, so the driver made every page the CPU may have written
  // coherent before the kernel ran: all of them, whatever the kernel would touch. No fault, no
  // density prefetch: recorded as cause "user" (a copy nobody faulted for).
  const double fixed = params.launchMigrationFixedUs;
  return fixed + migrateRange(0, pages.pageCount(), gpu, UmCause::User, nowUs + fixed);
}

}  // namespace warpscope::labs::um
