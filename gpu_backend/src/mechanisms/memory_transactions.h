#pragma once
/// \file memory_transactions.h
/// How a warp's global accesses become memory transactions (profile mechanism
/// "memory_transactions"): the 32 addresses of one warp instruction are served in 32-byte sectors
/// of 128-byte cache lines (seed 002's "burst sections"), and DRAM moves whole sectors. The rule
/// is exact and architecture-independent from Maxwell on; the profile gives the sizes, with their
/// sources, and what the DRAM does with sectors a kernel only partly writes.

#include <cstdint>
#include <vector>

#include "sim/device_profile.h"

namespace warpscope::labs {

/// The profile's memory_transactions mechanism.
struct MemoryTransactions {
  int sectorBytes = 32;   ///< The unit a load or store moves between L1/L2 and DRAM.
  int lineBytes = 128;    ///< A cache line: sectorsPerLine sectors sharing one tag.
  /// Extra DRAM bytes read per partly written sector, as a fraction of a sector: an L2 that
  /// cannot write part of a sector to DRAM reads the rest first (1), one with byte masks does not (0).
  double partialWriteFillFraction = 0;
  /// DRAM bandwidth reached by a stream of whole, isolated sectors (every sector in a different
  /// line) as a fraction of the streaming copy's: DRAM bursts and row activations are per line.
  double isolatedSectorEfficiency = 1;
};

/// Reads and range-checks the profile's memory_transactions mechanism (BadInputError naming the field).
MemoryTransactions memoryTransactions(const sim::DeviceProfile& profile);

/// What one warp instruction touches: each lane l accesses [address_l, address_l + bytes).
struct WarpFootprint {
  int requests = 1;          ///< Warp-level requests (one per instruction).
  int sectors = 0;           ///< Distinct sectors touched.
  int lines = 0;             ///< Distinct lines touched.
  int partialSectors = 0;    ///< Sectors of which only some bytes are accessed.
  long long usefulBytes = 0; ///< Bytes the lanes asked for.
};

/// The footprint of one warp accessing `laneAddresses` (byte addresses, one per active lane), each
/// access `accessBytes` long, with sectorBytes-byte sectors in lineBytes-byte lines.
WarpFootprint warpFootprint(const std::vector<std::uint64_t>& laneAddresses, int accessBytes, int sectorBytes,
                            int lineBytes);

}  // namespace warpscope::labs
