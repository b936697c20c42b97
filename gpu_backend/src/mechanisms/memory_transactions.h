#pragma once
/// \file memory_transactions.h
/// How a warp's global accesses become memory transactions (profile mechanism
/// "memory_transactions"): the 32 addresses of one warp instruction are served in 32-byte sectors
/// of 128-byte cache lines (seed 002's "burst sections"), and DRAM moves whole sectors. The rule
/// is exact and architecture-independent from Maxwell on; the profile gives the sizes, with their
/// sources, and what the DRAM does with sectors a kernel only partly writes.

#include <cstdint>
#include <vector>

#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// The profile's memory_transactions mechanism.
struct MemoryTransactions {
  int sectorBytes = 32;   ///< The unit a load or store moves between L1/L2 and DRAM.
  int lineBytes = 128;    ///< A cache line: sectorsPerLine sectors sharing one tag.
  /// What a write that leaves gaps costs: the L2 reads the rest of each partly written granule of
  /// this many bytes from DRAM before it writes it back (0: byte-masked writes, no fill read).
  int writeFillGranuleBytes = 0;
  /// DRAM bandwidth when every line contributes one sector, as a fraction of the streaming copy's:
  /// DRAM works per line (a burst, a row access), so a line's cost is paid for one sector. First
  /// for lines next to each other, then for lines two or more apart (fewer accesses per open row).
  double singleSectorLineFraction = 1;
  double singleSectorScatteredLineFraction = 1;
  /// How the per-line limit and the streaming limit combine: a p-norm of the two (a large p is a
  /// hard minimum; queueing before the DRAM rounds the corner).
  double limitBlendExponent = 4;
  /// Requests the L2 takes per SM clock, all slices together, where each request is one 128-byte
  /// line a warp instruction touches (its sectors travel together): a warp whose 32 lanes land in
  /// 32 lines costs 32 requests, one in a single line costs one. The limit of a pattern that DRAM
  /// does not limit (every sector reused from the L2).
  double l2LineRequestsPerClock = 64;
};

/// Reads and range-checks the profile's memory_transactions mechanism (BadInputError naming the field).
MemoryTransactions memoryTransactions(const sim::DeviceProfile& profile);

/// What one warp instruction touches: each lane l accesses [address_l, address_l + bytes).
struct WarpFootprint {
  int sectors = 0;           ///< Distinct sectors touched.
  int lines = 0;             ///< Distinct lines touched.
  long long usefulBytes = 0; ///< Bytes the lanes asked for.
};

/// Distinct aligned units of unitBytes the accesses touch (each access [address, address + bytes)).
int distinctUnits(const std::vector<std::uint64_t>& addresses, int accessBytes, int unitBytes);

/// The footprint of one warp accessing `laneAddresses` (byte addresses, one per active lane), each
/// access `accessBytes` long, with sectorBytes-byte sectors in lineBytes-byte lines.
WarpFootprint warpFootprint(const std::vector<std::uint64_t>& laneAddresses, int accessBytes, int sectorBytes,
                            int lineBytes);

}  // namespace warpscope::labs
