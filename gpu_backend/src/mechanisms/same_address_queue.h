#pragma once
/// \file same_address_queue.h
/// Plain loads and stores of one global word (profile mechanism "same_address"): the L2 slice that
/// holds the word serves the requests to it one after another, in the order they arrive, and a
/// warp's load comes back to the SM a round trip after it is served. What it explains: a
/// read-modify-write without atomics (seed 002's `result[0] += x[tid]`). Every warp loads the word,
/// adds and stores; a warp whose load is served before another warp's store is served writes back
/// a sum that never saw that store, and overwrites it. The final value holds only the updates of
/// the chain of warps each of which loaded the value the previous one stored.
///
/// The queue is simulated request by request (no closed form): the resident warps issue their
/// loads at once, each store arrives a round trip after its load was served, and a warp that
/// finishes makes room for the next warp of the launch, whose load arrives when its slot frees.

#include <cstdint>
#include <functional>

#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// The profile's same_address mechanism.
struct SameAddressQueue {
  double requestsPerClock = 1;   ///< Loads and stores of one word the L2 serves per SM clock.
  double roundTripCycles = 300;  ///< From a load served to the same warp's store arriving at the L2.
};

/// Reads and range-checks the profile's same_address mechanism (BadInputError naming the field).
SameAddressQueue sameAddressQueue(const sim::DeviceProfile& profile);

/// One launch of the racy read-modify-write, as the queue plays it.
struct RacyUpdateLaunch {
  unsigned long long warps = 1;          ///< Warps of the launch, in launch order.
  unsigned long long residentWarps = 1;  ///< How many run at once (the occupancy of the launch).
  /// What warp w adds when its store lands: the value of the lane whose store the memory keeps
  /// (one lane's store of a warp instruction to one address is kept).
  std::function<std::uint64_t(unsigned long long warp)> warpIncrement;
};

struct RacyUpdateOutcome {
  std::uint64_t finalValue = 0;            ///< The word after the launch (it starts at 0).
  unsigned long long survivingWarps = 0;   ///< Warps whose update is in the final value.
  double lastStoreCycle = 0;               ///< When the last store was served (cycles).
};

/// Plays the launch through the queue: every warp's load then store, FIFO, one request per
/// 1 / requestsPerClock cycles.
RacyUpdateOutcome playRacyUpdates(const SameAddressQueue& queue, const RacyUpdateLaunch& launch);

}  // namespace warpscope::labs
