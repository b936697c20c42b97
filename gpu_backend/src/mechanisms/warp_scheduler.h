#pragma once
/// \file warp_scheduler.h
/// One SM sub-partition's warp scheduler, cycle by cycle (profile mechanism "fma_pipeline"): its
/// warps each run an in-order instruction stream of FP32 operations; an instruction may issue once
/// the results it depends on are ready (the dependent latency after their issue) and the FP32 pipe
/// has room; each cycle the scheduler picks the next ready warp after the last one it issued from
/// (loose round robin) and issues one instruction from it, or two consecutive independent ones
/// where the scheduler dual-issues (Kepler, GF104). A warp keeps at most max_useful_ilp
/// instructions in flight. Volkov 2010, part I: needed parallelism = latency x throughput.

#include <string>
#include <vector>

#include "mechanisms/device_profile.h"
#include "mechanisms/fma_pipeline.h"
#include "warpscope/device.h"

namespace warpscope::labs {

/// The scheduler's parameters, from the profile.
struct SchedulerModel {
  int latencyCycles = 4;       ///< Dependent FP32 latency, rounded to whole cycles.
  double pipeRate = 1;         ///< Warp FP32 instructions the scheduler's lanes take per cycle.
  int dispatchPerCycle = 1;    ///< Instructions one warp may issue in a cycle (2: dual issue).
  int maxInFlightPerWarp = 8;  ///< A warp's instructions in flight at most (max_useful_ilp).
  int cyclesPerIssue = 1;      ///< Cycles between the scheduler's issues (2 on Fermi: half the shader clock).
};

/// Reads fma_pipeline (latency, max_useful_ilp, dispatch_per_cycle, hot_clocks_per_issue) and the
/// device's lanes per scheduler. Throws BadInputError naming a missing or out-of-range field.
SchedulerModel schedulerModel(const sim::DeviceProfile& profile);

/// One instruction of a warp's repeated loop body: what it is called on screen and which earlier
/// instruction of the same warp's stream it needs (distance back; 0: none).
struct StreamInstruction {
  std::string label;
  int dependsOn = 0;
};

/// What a warp did in one cycle.
enum class WarpCycle {
  Issued,       ///< Issued one instruction (two with dual issue).
  Waiting,      ///< Its next instruction waits for a result (or for a free in-flight slot).
  NotSelected,  ///< Ready, but the scheduler issued from another warp.
  PipeBusy,     ///< Ready, but the FP32 lanes are still taking an earlier warp instruction.
};

struct SchedulerTrace {
  int warps = 0;
  int cycles = 0;
  /// cycles x warps, row-major by cycle: what each warp did.
  std::vector<WarpCycle> states;
  /// Parallel to states: the labels issued ("x", or "x+y" dual-issued), "" when none.
  std::vector<std::string> issued;
  /// Per cycle: instructions issued.
  std::vector<int> issuedPerCycle;
  /// Per warp and body instruction, the first cycle it issued (-1: never).
  std::vector<std::vector<int>> firstIssue;

  [[nodiscard]] WarpCycle at(int cycle, int warp) const {
    return states[static_cast<std::size_t>(cycle) * warps + warp];
  }
};

/// Runs `warps` warps of the body for `cycles` cycles.
SchedulerTrace runScheduler(const SchedulerModel& model, const std::vector<StreamInstruction>& body, int warps,
                            int cycles);

/// Steady state: the fraction of the pipe's capacity used, over 2048 cycles after 256 of warm-up.
double schedulerUtilization(const SchedulerModel& model, const std::vector<StreamInstruction>& body, int warps);

}  // namespace warpscope::labs
