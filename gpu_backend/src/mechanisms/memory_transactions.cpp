#include "mechanisms/memory_transactions.h"

#include <algorithm>
#include <map>
#include <set>

#include "warpscope/params.h"

namespace warpscope::labs {

MemoryTransactions memoryTransactions(const sim::DeviceProfile& profile) {
  MemoryTransactions m;
  m.sectorBytes = static_cast<int>(profile.param("memory_transactions", "sector_bytes", 4, 1024));
  m.lineBytes = static_cast<int>(profile.param("memory_transactions", "line_bytes", 4, 4096));
  m.partialWriteFillFraction = profile.param("memory_transactions", "partial_write_fill_fraction", 0, 1);
  m.isolatedSectorEfficiency = profile.param("memory_transactions", "isolated_sector_efficiency", 0.01, 1);
  if (m.lineBytes % m.sectorBytes != 0)
    throw BadInputError(profile.fileName + ": mechanisms.memory_transactions.line_bytes must be a multiple of sector_bytes");
  return m;
}

WarpFootprint warpFootprint(const std::vector<std::uint64_t>& laneAddresses, int accessBytes, int sectorBytes,
                            int lineBytes) {
  WarpFootprint f;
  // Bytes used per sector: a sector is partial when fewer than all of its bytes are asked for.
  std::map<std::uint64_t, std::set<std::uint64_t>> usedBytes;
  std::set<std::uint64_t> lines;
  for (std::uint64_t a : laneAddresses) {
    for (std::uint64_t b = a; b < a + static_cast<std::uint64_t>(accessBytes); ++b) {
      usedBytes[b / static_cast<std::uint64_t>(sectorBytes)].insert(b);
      lines.insert(b / static_cast<std::uint64_t>(lineBytes));
    }
    f.usefulBytes += accessBytes;
  }
  f.sectors = static_cast<int>(usedBytes.size());
  f.lines = static_cast<int>(lines.size());
  for (const auto& [sector, bytes] : usedBytes)
    if (bytes.size() < static_cast<std::size_t>(sectorBytes)) ++f.partialSectors;
  return f;
}

}  // namespace warpscope::labs
