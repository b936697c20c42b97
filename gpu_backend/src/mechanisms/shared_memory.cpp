#include "mechanisms/shared_memory.h"

#include <algorithm>
#include <map>
#include <set>

namespace warpscope::labs {

SharedMemoryParams sharedMemoryParams(const sim::DeviceProfile& profile) {
  SharedMemoryParams shared;
  shared.bytesPerClockPerSm = profile.param("shared_memory", "bytes_per_clock_per_sm", 1, 4096);
  shared.latencyCycles = profile.param("shared_memory", "latency_cycles", 1, 1000);
  shared.loadsInFlightPerWarp = profile.param("shared_memory", "loads_in_flight_per_warp", 0.1, 64);
  return shared;
}

SharedMemoryBanks sharedMemoryBanks(const sim::DeviceProfile& profile) {
  return {static_cast<int>(profile.param("shared_memory", "banks", 1, 64)),
          static_cast<int>(profile.param("shared_memory", "bank_bytes", 1, 16))};
}

int sharedWavefronts(const std::vector<std::uint64_t>& byteAddresses, int accessBytes, int banks, int bankBytes) {
  if (byteAddresses.empty() || accessBytes <= 0 || banks <= 0 || bankBytes <= 0) return 0;
  const std::size_t phaseBytes = static_cast<std::size_t>(banks) * static_cast<std::size_t>(bankBytes);
  const std::size_t lanesPerPhase = std::max<std::size_t>(1, phaseBytes / static_cast<std::size_t>(accessBytes));
  const auto width = static_cast<std::uint64_t>(bankBytes);
  int wavefronts = 0;
  for (std::size_t first = 0; first < byteAddresses.size(); first += lanesPerPhase) {
    // Per bank, the distinct bank-wide words this phase's lanes touch.
    std::map<std::uint64_t, std::set<std::uint64_t>> wordsInBank;
    const std::size_t last = std::min(byteAddresses.size(), first + lanesPerPhase);
    for (std::size_t lane = first; lane < last; ++lane)
      for (std::uint64_t b = byteAddresses[lane]; b < byteAddresses[lane] + static_cast<std::uint64_t>(accessBytes);
           b += width) {
        const std::uint64_t word = b / width;
        wordsInBank[word % static_cast<std::uint64_t>(banks)].insert(word);
      }
    std::size_t most = 0;
    for (const auto& [bank, words] : wordsInBank) most = std::max(most, words.size());
    wavefronts += static_cast<int>(most);
  }
  return wavefronts;
}

}  // namespace warpscope::labs
