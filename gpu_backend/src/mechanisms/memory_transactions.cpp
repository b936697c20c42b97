#include "mechanisms/memory_transactions.h"

#include <algorithm>
#include <set>

#include "warpscope/params.h"

namespace warpscope::labs {

MemoryTransactions memoryTransactions(const sim::DeviceProfile& profile) {
  MemoryTransactions m;
  m.sectorBytes = static_cast<int>(profile.param("memory_transactions", "sector_bytes", 4, 1024));
  m.lineBytes = static_cast<int>(profile.param("memory_transactions", "line_bytes", 4, 4096));
  m.writeFillGranuleBytes = static_cast<int>(profile.param("memory_transactions", "write_fill_granule_bytes", 0, 4096));
  m.singleSectorLineFraction = profile.param("memory_transactions", "single_sector_line_fraction", 0.01, 1);
  m.singleSectorScatteredLineFraction =
      profile.param("memory_transactions", "single_sector_scattered_line_fraction", 0.01, 1);
  m.limitBlendExponent = profile.param("memory_transactions", "limit_blend_exponent", 1, 64);
  m.l2LineRequestsPerClock = profile.param("memory_transactions", "l2_line_requests_per_clock", 1, 4096);
  if (m.lineBytes % m.sectorBytes != 0)
    throw BadInputError(profile.fileName + ": mechanisms.memory_transactions.line_bytes must be a multiple of sector_bytes");
  return m;
}

int distinctUnits(const std::vector<std::uint64_t>& addresses, int accessBytes, int unitBytes) {
  std::set<std::uint64_t> units;
  const auto unit = static_cast<std::uint64_t>(unitBytes);
  for (std::uint64_t a : addresses)
    for (std::uint64_t u = a / unit; u <= (a + static_cast<std::uint64_t>(accessBytes) - 1) / unit; ++u) units.insert(u);
  return static_cast<int>(units.size());
}

WarpFootprint warpFootprint(const std::vector<std::uint64_t>& laneAddresses, int accessBytes, int sectorBytes,
                            int lineBytes) {
  WarpFootprint f;
  f.sectors = distinctUnits(laneAddresses, accessBytes, sectorBytes);
  f.lines = distinctUnits(laneAddresses, accessBytes, lineBytes);
  f.usefulBytes = static_cast<long long>(laneAddresses.size()) * accessBytes;
  return f;
}

}  // namespace warpscope::labs
