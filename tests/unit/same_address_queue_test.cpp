// The same_address mechanism: plain loads and stores of one word played through its L2 slice's
// queue. Hand-worked launches: one warp keeps its own update; warps that all load before any store
// lands keep only the last store; warps one at a time keep every update; the profile's group read
// with its ranges checked.
#include <gtest/gtest.h>

#include <string>

#include "mechanisms/same_address_queue.h"
#include "test_data.h"

using namespace warpscope;
using namespace warpscope::labs;

namespace {

RacyUpdateLaunch launchOf(unsigned long long warps, unsigned long long resident) {
  RacyUpdateLaunch l;
  l.warps = warps;
  l.residentWarps = resident;
  l.warpIncrement = [](unsigned long long w) { return std::uint64_t{w + 1}; };  // warp w adds w + 1
  return l;
}

}  // namespace

TEST(SameAddressQueue, OneWarpKeepsItsOwnUpdate) {
  const RacyUpdateOutcome o = playRacyUpdates({1, 300}, launchOf(1, 1));
  EXPECT_EQ(o.finalValue, 1u);
  EXPECT_EQ(o.survivingWarps, 1u);
}

TEST(SameAddressQueue, WarpsThatAllLoadBeforeAnyStoreKeepOnlyTheLastStore) {
  // Four resident warps load at once (served at 0, 1, 2, 3); their stores come 300 cycles later,
  // each carrying 0 + its own increment: the last one served (warp 3's, 4) is what stays.
  const RacyUpdateOutcome o = playRacyUpdates({1, 300}, launchOf(4, 4));
  EXPECT_EQ(o.finalValue, 4u);
  EXPECT_EQ(o.survivingWarps, 1u);
  EXPECT_DOUBLE_EQ(o.lastStoreCycle, 303);
}

TEST(SameAddressQueue, WarpsOneAtATimeKeepEveryUpdate) {
  // One warp resident: each load follows the previous store, so nothing is lost: 1 + 2 + ... + 10.
  const RacyUpdateOutcome o = playRacyUpdates({1, 300}, launchOf(10, 1));
  EXPECT_EQ(o.finalValue, 55u);
  EXPECT_EQ(o.survivingWarps, 10u);
}

TEST(SameAddressQueue, MoreWarpsInFlightLoseMoreUpdates) {
  // The same launch with more warps at once, or a longer round trip: fewer updates survive.
  const auto kept = [](unsigned long long resident, double roundTrip) {
    return playRacyUpdates({1, roundTrip}, launchOf(4096, resident)).survivingWarps;
  };
  EXPECT_GT(kept(16, 300), kept(256, 300));
  EXPECT_GT(kept(256, 300), kept(2048, 300));
  EXPECT_GT(kept(256, 30), kept(256, 300));
  EXPECT_GE(kept(2048, 300), 1u);
}

TEST(SameAddressQueue, TheProfileGroupIsReadWithItsSources) {
  const sim::DeviceProfile& h200 = test::shippedProfile("h200");
  const SameAddressQueue q = sameAddressQueue(h200);
  EXPECT_GT(q.requestsPerClock, 0);
  EXPECT_GT(q.roundTripCycles, 0);
  EXPECT_FALSE(h200.paramSource("same_address", "requests_per_clock").empty());
  EXPECT_FALSE(h200.paramSource("same_address", "round_trip_cycles").empty());
}

TEST(SameAddressQueue, AnOutOfRangeValueIsRefusedNamingTheField) {
  sim::DeviceProfile p = test::shippedProfile("h200");
  p.mechanisms["same_address"]["round_trip_cycles"].value = 0;
  try {
    (void)sameAddressQueue(p);
    FAIL() << "a round trip of 0 cycles was accepted";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("round_trip_cycles"), std::string::npos) << e.what();
  }
}
