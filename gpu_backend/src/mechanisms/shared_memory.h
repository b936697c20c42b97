#pragma once
/// \file shared_memory.h
/// Shared memory (profile mechanism "shared_memory"): bandwidth per SM, load latency and the loads
/// a warp keeps in flight, measured on the H200 (docs/model.md). Shared by the labs that read
/// shared memory.

#include <cstdint>
#include <vector>

#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// Shared memory's parameters (profile mechanism "shared_memory").
struct SharedMemoryParams {
  double bytesPerClockPerSm = 0;  ///< Bytes one SM's shared memory delivers per SM clock.
  double latencyCycles = 0;       ///< Load-to-use latency of a conflict-free shared load, SM cycles.
  double loadsInFlightPerWarp = 0;  ///< Warp-wide loads one warp keeps outstanding (measured).
};

/// Reads and range-checks the profile's shared_memory mechanism (BadInputError naming the field).
SharedMemoryParams sharedMemoryParams(const sim::DeviceProfile& profile);

/// The banks (shared_memory.banks, shared_memory.bank_bytes): 32 of 4 bytes from Maxwell on. A
/// profile without them (Fermi, Kepler's 8-byte mode) cannot run the bank rule: BadInputError
/// naming the field.
struct SharedMemoryBanks {
  int banks = 32;
  int bankBytes = 4;
};
SharedMemoryBanks sharedMemoryBanks(const sim::DeviceProfile& profile);

/// Shared-memory wavefronts one warp request takes (the bank rule, compute capability 5.0 and
/// later): the request is served in phases of at most `banks x bankBytes` bytes (one phase for
/// 4-byte words, half-warps for 8-byte, quarter-warps for 16-byte), and each phase takes as many
/// wavefronts as the most distinct bankBytes-wide words any one bank must deliver in it: lanes that
/// read the same word share it (a broadcast), different words in one bank replay. 1 per phase is
/// conflict-free. `byteAddresses` holds one address per active lane, in lane order.
int sharedWavefronts(const std::vector<std::uint64_t>& byteAddresses, int accessBytes, int banks, int bankBytes);

}  // namespace warpscope::labs
