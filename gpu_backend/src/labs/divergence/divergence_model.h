#pragma once
/// \file divergence_model.h
/// The simulator's model of the divergence lab: a SIMT stack with reconvergence at the immediate
/// post-dominator (Fung et al. 2007; the seed's "meet point"), running each pattern's control
/// flow as a small program of basic blocks, and a timing model that turns the executed blocks
/// into cycles from the profile's "simt" mechanism: dependent FMA latency, branch and path
/// switch costs, and the scheduler's issue rate shared by the warps on it (Little's law, like the
/// latency-arith model). docs/labs/divergence.md explains every step. Implemented in
/// simt_program.cpp (programs, post-dominators, the stack), simt_timing.cpp (costs, kernel time,
/// the modelled trace), simt_table.cpp (the 4-thread table) and divergence_model.cpp (the lab).

#include <cstdint>
#include <string>
#include <vector>

#include "labs/divergence/divergence_lab.h"
#include "labs/divergence/divergence_pattern.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

// ---- The program a warp runs -----------------------------------------------------------------

/// One basic block. A block with several successors ends in a branch: laneTarget (or, for a
/// loop's back edge, laneTrips) picks each lane's successor.
struct SimtBlock {
  std::string text;            ///< The instruction shown in the 4-thread table ("x = 1"); "" for none.
  int path = -1;               ///< >= 0: a path segment (the work) with this id; -1: control or join.
  bool pathIsIteration = false;  ///< Loop body: the path id is the lane's iteration (0, 1, ...).
  int fmas = 0;                ///< Dependent FMAs the block runs.
  bool branch = false;         ///< Ends in a branch instruction (uniform or not): costs branch cycles.
  std::vector<int> successors;  ///< Empty: the repetition ends here.
  std::vector<int> laneTarget;  ///< Per lane: index into successors (branches other than loops).
  std::vector<int> laneTrips;   ///< Loop back edge: a lane goes to successors[0] while it has run
                                ///< the body fewer than laneTrips[lane] times, else successors[1].
  int loopBody = -1;            ///< Loop back edge: the body block whose runs count.
  std::uint32_t guard = 0;      ///< If-converted block: only these lanes commit (0: all issued lanes commit).
  bool guarded = false;
  bool indirect = false;        ///< The switch's dispatch: a jump table, whatever the number of cases.
};

/// Which group of lanes a divergent branch runs first.
enum class PathOrder {
  ProgramOrder,     ///< The first successor (the then side, case 0) first: the seed's tables.
  FewerLanesFirst,  ///< The group with fewer active lanes first; on a tie the else side of an if
                    ///< (the compiler's fall-through) and the lowest case of a switch. What the
                    ///< lab's trace showed on an H100 (2026-11-22) for every pattern.
};

/// One repetition of a pattern's divergent region, for a warp of `lanes` threads.
struct SimtProgram {
  int lanes = kWarpLanes;
  PathOrder order = PathOrder::ProgramOrder;
  std::vector<SimtBlock> blocks;  ///< blocks[0] is the entry.
  std::vector<int> ipdom;         ///< Immediate post-dominator of each block; -1: the exit.
};

/// Immediate post-dominators of every block (iterative data flow over the reversed CFG with a
/// virtual exit after the blocks without successors). The reconvergence point of a branch.
std::vector<int> immediatePostDominators(const std::vector<SimtBlock>& blocks);

// A small warp (the 4-thread table) stands for a 32-lane one:
/// first-k scaled to a small warp: round(k x lanes / 32), kept inside 1..lanes-1 so the small
/// warp still splits like the 32-lane one does.
int scaledFirstK(const PatternShape& shape, int lanes);
/// The 32-lane lane a small warp's thread t stands for in the loop pattern (0, 10, 20, 31 for 4).
int representedLane(int t, int lanes);
/// Loop trips of a small warp's thread t: those of the lane it stands for.
int programLaneTrips(const PatternShape& shape, int t, int lanes);

/// How the 4-thread table and the model treat short if/else bodies.
enum class Predication {
  Branch,     ///< The warp branches: the paths serialise, the SIMT stack reconverges at the IPDOM.
  Predicate,  ///< If-converted: every lane issues both sides, only the guarded lanes commit ([x = 1]).
};

/// The program of `shape`'s pattern for warp `warp` (global index) with `lanes` threads. With
/// lanes < 32 the pattern is scaled to the small warp (divergenceTableLanes() says how). A loop
/// cannot be if-converted: Predicate then still branches.
SimtProgram buildSimtProgram(const PatternShape& shape, unsigned warp, int lanes, Predication predication);

// ---- The SIMT stack --------------------------------------------------------------------------

/// One block executed by a warp.
struct SimtStep {
  int block = 0;
  std::uint32_t issueMask = 0;   ///< Lanes the instruction issues for (the stack top's mask).
  std::uint32_t commitMask = 0;  ///< Lanes whose results commit (issueMask unless if-converted).
  int path = -1;                 ///< Path id of a work block, -1 otherwise.
  int stackDepth = 0;            ///< Entries on the SIMT stack while it ran.
  int popsBefore = 0;            ///< Stack entries that reconverged (popped) right before it.
  int switchesBefore = 0;        ///< Of those pops, the ones after which the warp ran another
                                 ///< pending group of lanes (not the reconvergence entry).
  int regroupsBefore = 0;        ///< Of those switches, the ones to a group of an indirect branch.
};

/// Executes one repetition on the SIMT stack: entries {pc, reconvergence pc, mask}; a divergent
/// branch sets the top's pc to the branch's IPDOM and pushes one entry per target (the one that
/// runs first, by program.order, on top); an entry whose pc reaches its reconvergence pc pops.
std::vector<SimtStep> runSimtStack(const SimtProgram& program);

/// The seed's formula over executed instructions: 100 * (32 * executed - thread-executed) /
/// (32 * executed), with each step counting `fmas` instructions of popcount(commit) threads.
double controlFlowDivergencePct(const std::vector<std::uint32_t>& masks, const std::vector<double>& instructions,
                                int lanes = kWarpLanes);

// ---- Timing ----------------------------------------------------------------------------------

/// The profile's "simt" mechanism: what one warp waits (cycles) and what it takes from its
/// scheduler (issue slots) for each piece of the lab's kernels. docs/labs/divergence.md gives
/// every value's source; on Hopper they were fitted to this lab's own calibration runs.
struct SimtParams {
  double dependentFmaCycles = 4.2;      ///< A dependent FP32 FMA's latency (the work is one chain).
  double loopIterationCycles = 4;       ///< Added per 16-FMA iteration of the work loop (taken back edge).
  double segmentSetupCycles = 0;       ///< Entering a path segment (loop bounds, operands, loop entry test).
  double branchCycles = 45;             ///< A conditional branch block (compare, BSSY, branch), taken or not.
  double pathSwitchCycles = 37;         ///< The warp moving on to its next group of lanes after a divergent path.
  double indirectBranchCycles = 222;    ///< The switch's dispatch (compare tree, jump-table load, BRX).
  double indirectRegroupCycles = 110;    ///< Each further group of a switch going through the dispatch again.
  double controlIssueSlots = 7;         ///< Issue slots of a conditional branch block.
  double indirectBranchIssueSlots = 32; ///< Issue slots of the switch's dispatch.
  double pathSwitchIssueSlots = 1;      ///< Issue slots of moving on to the next group.
  double indirectRegroupIssueSlots = 12;  ///< Issue slots of a further switch group's dispatch.
  double launchOverheadUs = 4;          ///< Launch and drain of a kernel, added to its time.
};

/// Reads and range-checks the profile's simt mechanism (BadInputError naming the file and field).
SimtParams simtParams(const sim::DeviceProfile& profile);

/// Warp FMAs one scheduler issues per cycle: its share of the SM's FP32 lanes over 32.
double simtFmaIssueRate(const DeviceInfo& device);

/// Loop-control instructions per kWorkUnroll FMAs of the work loop (UIADD3, ISETP, BRA in the
/// sm_90 SASS of divergence_kernels.cu).
inline constexpr double kWorkLoopControlInstructions = 3;

/// One piece of a warp's time line: a block with its latency and the scheduler cycles it takes.
struct WarpItem {
  double latencyCycles = 0;  ///< Duration with the scheduler to itself.
  double issueCycles = 0;    ///< Scheduler cycles it takes from the warps sharing the scheduler.
  int path = -1;             ///< >= 0: a path segment (recorded in the trace).
  std::uint32_t mask = 0;
  bool operator==(const WarpItem&) const = default;
};

/// The items of one repetition of a warp, from its executed steps.
std::vector<WarpItem> warpItems(const SimtProgram& program, const std::vector<SimtStep>& steps,
                                const SimtParams& params, const DeviceInfo& device);

/// Fluid model of one scheduler: the warps run their items (each list repeated `reps` times);
/// at every moment the scheduler's one issue slot per cycle is shared max-min fairly among them,
/// each warp never faster than its own latency allows. Returns the cycle the last warp finishes;
/// with `segments` non-null, appends each warp's path segments ({warp index in `warps`, ...}).
struct SimSegment {
  int warp = 0;
  int rep = 0;
  int path = 0;
  std::uint32_t mask = 0;
  double start = 0;
  double end = 0;
};
double simulateScheduler(const std::vector<const std::vector<WarpItem>*>& warps, int reps,
                         std::vector<SimSegment>* segments);

/// Kernel time of one DivergenceConfig on the device, in microseconds at device.smClockMhz:
/// the busiest scheduler of SM 0 (warps dealt round robin), reps repetitions, plus launch.
double modelKernelMicroseconds(const DivergenceConfig& config, const LaunchShape& launch, const SimtParams& params,
                               const DeviceInfo& device);

/// The model's trace of the traced launch (kTraceReps repetitions) on the first `launch.tracedSms`
/// SMs: every warp's path segments in cycles, all SMs starting at 0.
DivergenceTrace modelTrace(const PatternShape& shape, const LaunchShape& launch, const SimtParams& params,
                           const DeviceInfo& device);

// ---- The 4-thread table ----------------------------------------------------------------------

/// Threads of the table's small warp (the seed's T0..T3).
inline constexpr int kTableLanes = 4;

/// The grid view "simt-steps": the SIMT stack run on a 4-thread warp for the pattern, one row per
/// executed instruction, one frame per step. Also says how the pattern was scaled to 4 threads.
Grid simtTableGrid(const PatternShape& shape, Predication predication, std::string* scaling);

/// One note that states the model and its parameters (simulator and GPU results alike).
std::string simtModelNote(const std::string& profileName, const SimtParams& params, const PatternShape& shape,
                          const DeviceInfo& device);

/// What Volta and later do differently from the stack model, and what this lab's GPU traces showed.
std::string independentThreadSchedulingNote();

/// The lab on a simulator profile (LabDefinition::simulate).
RunResult simulateDivergence(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor);

}  // namespace warpscope::labs
