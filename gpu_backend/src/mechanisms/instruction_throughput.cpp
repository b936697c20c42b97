#include "mechanisms/instruction_throughput.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace warpscope::labs {

InstructionThroughput instructionThroughput(const sim::DeviceProfile& profile) {
  const auto rate = [&](const char* name) { return profile.param("instruction_throughput", name, 0.5, 1024); };
  InstructionThroughput t;
  t.fp32 = rate("fp32_per_clock");
  t.fp64 = rate("fp64_per_clock");
  t.int32Add = rate("int32_add_per_clock");
  t.int32Mad = rate("int32_mad_per_clock");
  t.specialFunction = rate("special_function_per_clock");
  t.conversion32 = rate("conversion32_per_clock");
  t.conversion64 = rate("conversion64_per_clock");
  t.issueWarpInstructionsPerClock = profile.param("instruction_throughput", "issue_warp_instructions_per_clock", 1, 16);
  return t;
}

InstructionBound saturatedThroughput(const InstructionThroughput& t, const InstructionMix& mix, int warpSize) {
  const std::vector<std::pair<const char*, double>> clocks = {
      {"FP32 pipe", mix.fp32 / t.fp32},
      {"FP64 pipe", mix.fp64 / t.fp64},
      {"integer add/logic", mix.int32Add / t.int32Add},
      {"integer multiply", mix.int32Mad / t.int32Mad},
      {"special-function unit", mix.specialFunction / t.specialFunction},
      {"32-bit conversions", mix.conversion32 / t.conversion32},
      {"64-bit conversions", mix.conversion64 / t.conversion64},
      {"issue slots", mix.total() / (t.issueWarpInstructionsPerClock * warpSize)},
  };
  const auto busiest = std::max_element(clocks.begin(), clocks.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
  if (busiest->second <= 0) return {0, "nothing"};
  return {1.0 / busiest->second, busiest->first};
}

double chainsFractionOfBound(const InstructionBound& bound, const InstructionMix& mix, double latencyCycles,
                             double inFlightPerSm) {
  const double needed = bound.opsPerClockPerSm * mix.total() * latencyCycles;
  if (needed <= 0) return 1.0;
  return std::clamp(inFlightPerSm / needed, 0.0, 1.0);
}

}  // namespace warpscope::labs
