#pragma once
/// \file instruction_throughput.h
/// Per-SM throughput of each class of instruction (profile mechanism "instruction_throughput"):
/// the CUDA C++ Programming Guide's table "Throughput of Native Arithmetic Instructions (Number of
/// Results per Clock Cycle per Multiprocessor)" for the profile's compute capability, and the
/// warp instructions an SM issues per clock. A kernel's operation, as the instructions its SASS
/// spends on it (InstructionMix), runs as fast as the busiest of its classes, or the issue slots,
/// allow. Pure functions of the profile; docs/labs/instruction-costs.md derives them.

#include <string>

#include "mechanisms/device_profile.h"

namespace warpscope::labs {

/// Results per clock per SM of each class (thread instructions, not warp instructions), and the
/// SM's issue rate.
struct InstructionThroughput {
  double fp32 = 0;            ///< FFMA, FADD, FMUL (and FSETP, the same pipe)
  double fp64 = 0;            ///< DFMA, DADD, DMUL
  double int32Add = 0;        ///< IADD3, LOP3, ISETP, SHF, MOV, SEL: add, logic, compare, shift
  double int32Mad = 0;        ///< IMAD, IMAD.HI, IMAD.WIDE: 32-bit integer multiply(-add)
  double specialFunction = 0; ///< MUFU: rcp, rsqrt, sin, cos, ex2, lg2
  double conversion32 = 0;    ///< F2I, I2F (32-bit types)
  double conversion64 = 0;    ///< F2F.F64.F32, F2F.F32.F64 and other conversions from and to 64-bit types
  double issueWarpInstructionsPerClock = 0;  ///< Warp instructions the SM's schedulers issue per clock
};

/// Reads and range-checks the profile's instruction_throughput group (BadInputError naming the
/// file and field, or saying the profile does not model it).
InstructionThroughput instructionThroughput(const sim::DeviceProfile& profile);

/// What one operation costs in SASS: thread instructions per operation of each class. `control`
/// (branches, BSSY, BSYNC) only takes issue slots.
struct InstructionMix {
  double fp32 = 0;
  double fp64 = 0;
  double int32Add = 0;
  double int32Mad = 0;
  double specialFunction = 0;
  double conversion32 = 0;
  double conversion64 = 0;
  double control = 0;
  [[nodiscard]] double total() const {
    return fp32 + fp64 + int32Add + int32Mad + specialFunction + conversion32 + conversion64 + control;
  }
};

/// What bounds an operation's throughput, and at how many operations per clock per SM.
struct InstructionBound {
  double opsPerClockPerSm = 0;
  std::string limiter;  ///< "FP32 pipe", "special-function unit", "issue slots", ...
};

/// Every class's instructions take count / rate clocks per operation on their own units, and all
/// of them count / (issue rate x warp size) issue slots: the largest of those is the operation's
/// time per SM, its inverse the throughput (units and issue overlap: a saturated kernel).
InstructionBound saturatedThroughput(const InstructionThroughput& t, const InstructionMix& mix, int warpSize);

/// Little's law for dependent chains: an operation whose instructions wait for each other takes
/// about mix.total() x latencyCycles per chain step, so keeping `bound` busy needs
/// bound x that many operations in flight per SM. The fraction (0..1] of it that `inFlightPerSm`
/// independent chains reach.
double chainsFractionOfBound(const InstructionBound& bound, const InstructionMix& mix, double latencyCycles,
                             double inFlightPerSm);

}  // namespace warpscope::labs
