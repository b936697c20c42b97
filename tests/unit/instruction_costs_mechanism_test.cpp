// The instruction-throughput mechanism: the reader takes every shipped profile's Programming Guide
// rates (with their sources) and refuses a value out of range by name; the bound is the busiest
// class or the issue slots; Little's law scales it down when too few chains are in flight.
#include <gtest/gtest.h>

#include <string>

#include "mechanisms/device_profile.h"
#include "mechanisms/instruction_throughput.h"
#include "test_data.h"
#include "warpscope/params.h"

using namespace warpscope;
using namespace warpscope::labs;

TEST(InstructionThroughputReader, EveryShippedProfileHasTheGuidesRatesWithSources) {
  for (const sim::DeviceProfile& p : test::shippedProfiles()) {
    const InstructionThroughput t = instructionThroughput(p);
    EXPECT_DOUBLE_EQ(t.fp32, p.info.fp32LanesPerSm) << p.id << ": the FP32 row is the SM's FP32 lanes";
    EXPECT_LE(t.fp64, t.fp32) << p.id;
    EXPECT_LT(t.specialFunction, t.fp32) << p.id;
    EXPECT_GE(t.issueWarpInstructionsPerClock, p.info.schedulersPerSm) << p.id;
    for (const char* name : {"fp32_per_clock", "fp64_per_clock", "int32_add_per_clock", "int32_mad_per_clock",
                             "special_function_per_clock", "conversion32_per_clock", "conversion64_per_clock",
                             "issue_warp_instructions_per_clock"})
      EXPECT_FALSE(p.paramSource("instruction_throughput", name).empty()) << p.id << " " << name;
  }
}

TEST(InstructionThroughputReader, HopperHasTheGuidesComputeCapability90Row) {
  const InstructionThroughput t = instructionThroughput(test::shippedProfile("h200"));
  EXPECT_DOUBLE_EQ(t.fp32, 128);
  EXPECT_DOUBLE_EQ(t.fp64, 64);
  EXPECT_DOUBLE_EQ(t.int32Mad, 64);
  EXPECT_DOUBLE_EQ(t.specialFunction, 16);
  EXPECT_DOUBLE_EQ(t.conversion64, 16);
}

TEST(InstructionThroughputReader, RefusesAnOutOfRangeRateNamingTheField) {
  sim::DeviceProfile p = test::shippedProfile("h100");
  p.mechanisms["instruction_throughput"]["special_function_per_clock"].value = 0;
  try {
    (void)instructionThroughput(p);
    FAIL() << "a rate of 0 must be refused";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("special_function_per_clock"), std::string::npos) << e.what();
  }
  p.mechanisms.erase("instruction_throughput");
  EXPECT_THROW((void)instructionThroughput(p), BadInputError);
}

TEST(InstructionThroughputBound, TheBusiestClassOrTheIssueSlotsSetTheRate) {
  InstructionThroughput t;
  t.fp32 = 128;
  t.fp64 = 64;
  t.int32Add = 64;
  t.int32Mad = 64;
  t.specialFunction = 16;
  t.conversion32 = 16;
  t.conversion64 = 16;
  t.issueWarpInstructionsPerClock = 4;
  // One FFMA: the FP32 pipe and the 128 issue slots per clock tie at 128.
  EXPECT_DOUBLE_EQ(saturatedThroughput(t, {.fp32 = 1}, 32).opsPerClockPerSm, 128);
  // FMUL + MUFU.SIN + FADD: the special-function unit, 16.
  const InstructionBound sin = saturatedThroughput(t, {.fp32 = 2, .specialFunction = 1}, 32);
  EXPECT_DOUBLE_EQ(sin.opsPerClockPerSm, 16);
  EXPECT_EQ(sin.limiter, "special-function unit");
  // Two 64-bit conversions and a DFMA: the conversions, 8.
  EXPECT_DOUBLE_EQ(saturatedThroughput(t, {.fp64 = 1, .conversion64 = 2}, 32).opsPerClockPerSm, 8);
  // 32 FP32 instructions: the issue slots (and the pipe) allow 4.
  const InstructionBound longOp = saturatedThroughput(t, {.fp32 = 16, .control = 16}, 32);
  EXPECT_DOUBLE_EQ(longOp.opsPerClockPerSm, 4);
  EXPECT_EQ(longOp.limiter, "issue slots");
}

TEST(InstructionThroughputBound, TooFewChainsInFlightAreLatencyBound) {
  const InstructionBound fma{128, "FP32 pipe"};
  const InstructionMix one{.fp32 = 1};
  // Little's law: 128 per clock x 4 cycles = 512 operations in flight.
  EXPECT_DOUBLE_EQ(chainsFractionOfBound(fma, one, 4.0, 512), 1.0);
  EXPECT_DOUBLE_EQ(chainsFractionOfBound(fma, one, 4.0, 128), 0.25);
  EXPECT_DOUBLE_EQ(chainsFractionOfBound(fma, one, 4.0, 8192), 1.0);
}
