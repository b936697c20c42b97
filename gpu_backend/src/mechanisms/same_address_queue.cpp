#include "mechanisms/same_address_queue.h"

#include <algorithm>
#include <queue>
#include <tuple>
#include <vector>

#include "warpscope/params.h"

namespace warpscope::labs {

SameAddressQueue sameAddressQueue(const sim::DeviceProfile& profile) {
  SameAddressQueue q;
  q.requestsPerClock = profile.param("same_address", "requests_per_clock", 0.01, 64);
  q.roundTripCycles = profile.param("same_address", "round_trip_cycles", 1, 1e5);
  return q;
}

namespace {

/// A request waiting for the word's slice: when it arrives, which warp, load or store. Ties are
/// served in the order they were issued.
struct Request {
  double arrival = 0;
  unsigned long long seq = 0;
  unsigned long long warp = 0;
  bool store = false;
};
struct Later {
  bool operator()(const Request& a, const Request& b) const {
    return std::tie(a.arrival, a.seq) > std::tie(b.arrival, b.seq);
  }
};

}  // namespace

RacyUpdateOutcome playRacyUpdates(const SameAddressQueue& queue, const RacyUpdateLaunch& launch) {
  if (launch.warps == 0) return {};
  const double interval = 1.0 / queue.requestsPerClock;
  // What each running warp loaded: the value, and how many warps' updates it holds.
  struct Loaded {
    std::uint64_t value = 0;
    unsigned long long updates = 0;
  };
  std::vector<Loaded> loaded(launch.warps);
  std::priority_queue<Request, std::vector<Request>, Later> waiting;
  unsigned long long seq = 0;
  unsigned long long next = 0;  // the next warp of the launch to start
  const unsigned long long resident = std::max<unsigned long long>(1, std::min(launch.residentWarps, launch.warps));
  for (; next < resident; ++next) waiting.push({0.0, seq++, next, false});
  std::uint64_t value = 0;
  unsigned long long updatesInValue = 0;
  double sliceFree = 0;  // when the slice can serve the next request
  RacyUpdateOutcome out;
  while (!waiting.empty()) {
    const Request r = waiting.top();
    waiting.pop();
    const double served = std::max(r.arrival, sliceFree);
    sliceFree = served + interval;
    if (!r.store) {
      loaded[r.warp] = {value, updatesInValue};
      waiting.push({served + queue.roundTripCycles, seq++, r.warp, true});
      continue;
    }
    // The store writes what the warp loaded plus its one kept lane: any store served since its
    // load is overwritten.
    value = loaded[r.warp].value + launch.warpIncrement(r.warp);
    updatesInValue = loaded[r.warp].updates + 1;
    out.lastStoreCycle = served;
    // The warp is done: the next warp of the launch takes its place.
    if (next < launch.warps) waiting.push({served, seq++, next++, false});
  }
  out.finalValue = value;
  out.survivingWarps = updatesInValue;
  return out;
}

}  // namespace warpscope::labs
