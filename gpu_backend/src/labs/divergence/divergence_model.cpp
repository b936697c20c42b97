#include "labs/divergence/divergence_model.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

namespace warpscope::labs {

namespace {

std::uint32_t fullMask(int lanes) { return lanes >= 32 ? 0xffffffffu : ((1u << lanes) - 1u); }

// ---- Lanes of a (possibly small) warp --------------------------------------------------------

/// first-k scaled to a small warp: round(k * lanes / 32), kept inside 1..lanes-1 so the small
/// warp still splits like the 32-lane one does.
int scaledK(const PatternShape& s, int lanes) {
  const int k = static_cast<int>(std::lround(static_cast<double>(s.k) * lanes / kWarpLanes));
  return std::clamp(k, 1, lanes - 1);
}

/// The 32-lane lane a small warp's thread t stands for in the loop pattern (0, 10, 20, 31 for 4).
int representedLane(int t, int lanes) { return lanes >= kWarpLanes ? t : t * (kWarpLanes - 1) / (lanes - 1); }

int programLanePath(const PatternShape& s, unsigned warp, int t, int lanes) {
  if (lanes >= kWarpLanes) return lanePath(s, warp, t);
  switch (static_cast<DivergencePattern>(s.pattern)) {
    case DivergencePattern::FirstK: return t < scaledK(s, lanes) ? 0 : 1;
    case DivergencePattern::Nested: return (t << s.depth) / lanes;
    default: return lanePath(s, warp, t);  // odd-even, warp-uniform, random, switch: the first lanes
  }
}

int programLaneTrips(const PatternShape& s, int t, int lanes) { return laneTrips(s, representedLane(t, lanes)); }

// ---- The instructions the table shows ------------------------------------------------------

std::string leafName(int leaf) {
  static const char* names[] = {"x", "y", "z", "w", "u", "v", "s", "t"};
  return names[leaf & 7];
}

std::string pathText(DivergencePattern p, int path) {
  switch (p) {
    case DivergencePattern::Uniform: return "x = 1";
    case DivergencePattern::Nested: return leafName(path) + " = 1";
    case DivergencePattern::Loop: return "x += 1";
    case DivergencePattern::Switch: return "x = " + std::to_string(path + 1);
    default: return path == 0 ? "x = 1" : "y = 1";
  }
}

const char* kJoinText = "out[t] = r";

// ---- Program builders ------------------------------------------------------------------------

struct Builder {
  SimtProgram program;
  int add(SimtBlock block) {
    program.blocks.push_back(std::move(block));
    return static_cast<int>(program.blocks.size()) - 1;
  }
  SimtBlock& at(int i) { return program.blocks[static_cast<std::size_t>(i)]; }
};

SimtBlock workBlock(DivergencePattern p, int path, int fmas) {
  SimtBlock b;
  b.text = pathText(p, path);
  b.path = path;
  b.fmas = fmas;
  return b;
}

SimtBlock branchBlock() {
  SimtBlock b;
  b.branch = true;
  return b;
}

/// Successor placeholder for "the join after the divergent region", wired once it exists.
constexpr int kJoin = -2;

/// Nested if/else from `level` down: returns the subtree's entry block; each subtree ends at
/// `after` (an inner join, or kJoin for the outermost level).
int buildNested(Builder& build, const PatternShape& s, const std::vector<int>& lanePaths, int level, int prefix,
                int after) {
  if (level == s.depth) {
    const int leaf = build.add(workBlock(DivergencePattern::Nested, prefix, s.workFmas));
    build.at(leaf).successors = {after};
    return leaf;
  }
  const int branch = build.add(branchBlock());
  // Below the outermost level each if/else has its own join (an empty block): the IPDOM of its branch.
  int innerJoin = after;
  if (level > 0) {
    innerJoin = build.add(SimtBlock{});
    build.at(innerJoin).successors = {after};
  }
  const int thenSide = buildNested(build, s, lanePaths, level + 1, prefix * 2, innerJoin);
  const int elseSide = buildNested(build, s, lanePaths, level + 1, prefix * 2 + 1, innerJoin);
  SimtBlock& b = build.at(branch);
  b.successors = {thenSide, elseSide};
  b.laneTarget.resize(lanePaths.size());
  for (std::size_t t = 0; t < lanePaths.size(); ++t) b.laneTarget[t] = (lanePaths[t] >> (s.depth - 1 - level)) & 1;
  return branch;
}

}  // namespace

std::vector<int> immediatePostDominators(const std::vector<SimtBlock>& blocks) {
  const std::size_t n = blocks.size();
  const std::size_t exit = n;  // virtual exit after every block without successors
  auto successorsOf = [&](std::size_t b) {
    std::vector<std::size_t> out;
    for (int s : blocks[b].successors) out.push_back(static_cast<std::size_t>(s));
    if (out.empty()) out.push_back(exit);
    return out;
  };
  // pdom[b][d]: d post-dominates b. Start from "everything" and intersect to the fixed point.
  std::vector<std::vector<char>> pdom(n + 1, std::vector<char>(n + 1, 1));
  std::fill(pdom[exit].begin(), pdom[exit].end(), 0);
  pdom[exit][exit] = 1;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t b = n; b-- > 0;) {
      std::vector<char> next(n + 1, 1);
      for (std::size_t s : successorsOf(b))
        for (std::size_t d = 0; d <= n; ++d) next[d] = static_cast<char>(next[d] && pdom[s][d]);
      next[b] = 1;
      if (next != pdom[b]) {
        pdom[b] = std::move(next);
        changed = true;
      }
    }
  }
  // The immediate one is the strict post-dominator that all the others post-dominate: the one
  // with the most post-dominators of its own.
  std::vector<int> ipdom(n, -1);
  for (std::size_t b = 0; b < n; ++b) {
    std::size_t best = exit;
    long bestCount = -1;
    for (std::size_t d = 0; d < n; ++d) {
      if (d == b || !pdom[b][d]) continue;
      const long count = std::count(pdom[d].begin(), pdom[d].end(), 1);
      if (count > bestCount) {
        bestCount = count;
        best = d;
      }
    }
    ipdom[b] = best == exit ? -1 : static_cast<int>(best);
  }
  return ipdom;
}

SimtProgram buildSimtProgram(const PatternShape& s, unsigned warp, int lanes, Predication predication) {
  const auto pattern = static_cast<DivergencePattern>(s.pattern);
  std::vector<int> lanePaths(static_cast<std::size_t>(lanes));
  for (int t = 0; t < lanes; ++t) lanePaths[static_cast<std::size_t>(t)] = programLanePath(s, warp, t, lanes);
  const bool ifConvert = predication == Predication::Predicate && pattern != DivergencePattern::Uniform &&
                         pattern != DivergencePattern::Loop;

  Builder build;
  build.program.lanes = lanes;
  if (pattern == DivergencePattern::Uniform) {
    build.add(workBlock(pattern, 0, s.workFmas));
    build.at(0).successors = {kJoin};
  } else if (pattern == DivergencePattern::Loop) {
    // body: x += 1; back edge: while (++i < trips(lane)) to the body, else to the join.
    const int body = build.add(workBlock(pattern, 0, s.workFmas));
    const int backEdge = build.add(branchBlock());
    build.at(body).pathIsIteration = true;
    build.at(body).successors = {backEdge};
    SimtBlock& b = build.at(backEdge);
    b.successors = {body, kJoin};
    b.loopBody = body;
    b.laneTrips.resize(static_cast<std::size_t>(lanes));
    for (int t = 0; t < lanes; ++t) b.laneTrips[static_cast<std::size_t>(t)] = programLaneTrips(s, t, lanes);
  } else if (ifConvert) {
    // If-converted: every path in program order, each guarded by the lanes that take it.
    const int paths = pathsPerRep(s);
    for (int path = 0; path < paths; ++path) {
      SimtBlock b = workBlock(pattern, path, s.workFmas);
      b.guarded = true;
      for (int t = 0; t < lanes; ++t)
        if (lanePaths[static_cast<std::size_t>(t)] == path) b.guard |= 1u << t;
      b.successors = {path + 1 < paths ? path + 1 : kJoin};
      build.add(std::move(b));
    }
  } else if (pattern == DivergencePattern::Nested) {
    buildNested(build, s, lanePaths, 0, 0, kJoin);
  } else {
    // if/else (2 targets) and switch (`paths` targets): one branch, one block per path.
    const int branch = build.add(branchBlock());
    std::vector<int> targets;
    for (int path = 0; path < pathsPerRep(s); ++path) {
      targets.push_back(build.add(workBlock(pattern, path, s.workFmas)));
      build.at(targets.back()).successors = {kJoin};
    }
    build.at(branch).successors = targets;
    build.at(branch).laneTarget = lanePaths;
    build.at(branch).indirect = pattern == DivergencePattern::Switch;
  }

  // The join (the divergent region's post-dominator, where the thread writes its result), then
  // the repetition's end: the uniform branch of the loop over repetitions.
  SimtProgram& program = build.program;
  const int join = static_cast<int>(program.blocks.size());
  for (SimtBlock& b : program.blocks)
    for (int& succ : b.successors)
      if (succ == kJoin) succ = join;
  SimtBlock joinBlock;
  joinBlock.text = kJoinText;
  joinBlock.successors = {join + 1};
  program.blocks.push_back(std::move(joinBlock));
  program.blocks.push_back(branchBlock());
  program.ipdom = immediatePostDominators(program.blocks);
  return program;
}

std::vector<SimtStep> runSimtStack(const SimtProgram& program) {
  struct Entry {
    int pc;
    int rpc;  // reconvergence pc; -1: the exit
    std::uint32_t mask;
    bool divergent;  // pushed by a divergent branch
    bool indirect;   // pushed by an indirect (switch) branch
    bool started;    // has run a block
  };
  const int lanes = program.lanes;
  std::vector<std::vector<int>> runs(program.blocks.size(), std::vector<int>(static_cast<std::size_t>(lanes), 0));
  std::vector<Entry> stack{{0, -1, fullMask(lanes), false, false, false}};
  std::vector<SimtStep> steps;
  int pops = 0, switches = 0, regroups = 0;
  while (!stack.empty()) {
    Entry top = stack.back();
    if (top.pc == top.rpc) {  // reached the reconvergence point: the lanes wait in the entry below
      stack.pop_back();
      if (top.divergent) {
        ++pops;
        // Another group of the warp still has to run its path: the warp switches to it.
        if (!stack.empty() && stack.back().divergent && !stack.back().started) {
          ++switches;
          if (stack.back().indirect) ++regroups;
        }
      }
      continue;
    }
    stack.back().started = true;
    const SimtBlock& block = program.blocks[static_cast<std::size_t>(top.pc)];
    SimtStep step;
    step.block = top.pc;
    step.issueMask = top.mask;
    step.commitMask = block.guarded ? (top.mask & block.guard) : top.mask;
    step.stackDepth = static_cast<int>(stack.size());
    step.popsBefore = pops;
    step.switchesBefore = switches;
    step.regroupsBefore = regroups;
    pops = switches = regroups = 0;
    std::vector<int>& blockRuns = runs[static_cast<std::size_t>(top.pc)];
    if (block.path >= 0) {
      step.path = block.path;
      if (block.pathIsIteration && step.commitMask != 0)
        step.path = blockRuns[static_cast<std::size_t>(std::countr_zero(step.commitMask))];
    }
    for (int t = 0; t < lanes; ++t)
      if (step.commitMask & (1u << t)) ++blockRuns[static_cast<std::size_t>(t)];
    steps.push_back(step);

    // Where each active lane goes next.
    if (block.successors.empty()) {
      stack.back().pc = -1;
      continue;
    }
    if (block.successors.size() == 1) {
      stack.back().pc = block.successors[0];
      continue;
    }
    std::vector<std::uint32_t> groups(block.successors.size(), 0);
    for (int t = 0; t < lanes; ++t) {
      if (!(top.mask & (1u << t))) continue;
      int target = 0;
      if (block.loopBody >= 0) {
        const int done = runs[static_cast<std::size_t>(block.loopBody)][static_cast<std::size_t>(t)];
        target = done < block.laneTrips[static_cast<std::size_t>(t)] ? 0 : 1;
      } else {
        target = block.laneTarget[static_cast<std::size_t>(t)];
      }
      groups[static_cast<std::size_t>(target)] |= 1u << t;
    }
    const auto taken = std::count_if(groups.begin(), groups.end(), [](std::uint32_t g) { return g != 0; });
    if (taken == 1) {  // uniform: no divergence
      for (std::size_t g = 0; g < groups.size(); ++g)
        if (groups[g]) stack.back().pc = block.successors[g];
      continue;
    }
    // Divergent: the lanes meet again at the branch's immediate post-dominator.
    const int reconverge = program.ipdom[static_cast<std::size_t>(top.pc)];
    if (reconverge == top.rpc) {
      // The top already waits there (a loop's later iterations): the lanes that leave simply
      // drop out; only the others get entries. Not a reconvergence, so no pop is counted.
      stack.pop_back();
    } else {
      stack.back().pc = reconverge;
    }
    // The order the groups run in; pushed in reverse so that the first one is on top.
    std::vector<std::size_t> runOrder;
    for (std::size_t g = 0; g < groups.size(); ++g)
      if (groups[g] && block.successors[g] != reconverge) runOrder.push_back(g);
    if (program.order == PathOrder::FewerLanesFirst) {
      std::stable_sort(runOrder.begin(), runOrder.end(), [&](std::size_t a, std::size_t b) {
        const int na = std::popcount(groups[a]), nb = std::popcount(groups[b]);
        if (na != nb) return na < nb;
        return block.indirect ? a < b : a > b;  // ties: the lowest case; the else side of an if
      });
    }
    for (auto g = runOrder.rbegin(); g != runOrder.rend(); ++g)
      stack.push_back({block.successors[*g], reconverge, groups[*g], true, block.indirect, false});
  }
  return steps;
}

double controlFlowDivergencePct(const std::vector<std::uint32_t>& masks, const std::vector<double>& instructions,
                                int lanes) {
  double executed = 0;
  double threadExecuted = 0;
  for (std::size_t i = 0; i < masks.size(); ++i) {
    const double n = i < instructions.size() ? instructions[i] : 1.0;
    executed += n;
    threadExecuted += n * std::popcount(masks[i]);
  }
  if (executed <= 0) return 0;
  return 100.0 * (lanes * executed - threadExecuted) / (lanes * executed);
}

// ---- Timing ----------------------------------------------------------------------------------

SimtParams simtParams(const sim::DeviceProfile& profile) {
  SimtParams p;
  auto cycles = [&](const char* name) { return profile.param("simt", name, 0, 10000); };
  p.dependentFmaCycles = profile.param("simt", "dependent_fma_cycles", 1, 100);
  p.loopIterationCycles = cycles("loop_iteration_cycles");
  p.segmentSetupCycles = cycles("segment_setup_cycles");
  p.branchCycles = cycles("branch_cycles");
  p.pathSwitchCycles = cycles("path_switch_cycles");
  p.indirectBranchCycles = cycles("indirect_branch_cycles");
  p.indirectRegroupCycles = cycles("indirect_regroup_cycles");
  p.controlIssueSlots = profile.param("simt", "control_issue_slots", 0, 1000);
  p.indirectBranchIssueSlots = profile.param("simt", "indirect_branch_issue_slots", 0, 1000);
  p.pathSwitchIssueSlots = profile.param("simt", "path_switch_issue_slots", 0, 1000);
  p.indirectRegroupIssueSlots = profile.param("simt", "indirect_regroup_issue_slots", 0, 1000);
  p.launchOverheadUs = profile.param("simt", "launch_overhead_us", 0, 1000);
  return p;
}

namespace {

/// Warp FMAs one scheduler issues per cycle: its share of the SM's FP32 lanes over 32.
double fmaIssueRate(const DeviceInfo& device) {
  const double perScheduler = static_cast<double>(device.fp32LanesPerSm) / std::max(1, device.schedulersPerSm);
  return std::max(perScheduler / device.warpSize, 1e-3);
}

}  // namespace

std::vector<WarpItem> warpItems(const SimtProgram& program, const std::vector<SimtStep>& steps,
                                const SimtParams& params, const DeviceInfo& device) {
  const double rate = fmaIssueRate(device);
  std::vector<WarpItem> items;
  for (const SimtStep& step : steps) {
    const SimtBlock& block = program.blocks[static_cast<std::size_t>(step.block)];
    // Moving on to the next group of lanes (and, for a switch, its dispatch again).
    WarpItem overhead;
    overhead.latencyCycles = step.switchesBefore * params.pathSwitchCycles + step.regroupsBefore * params.indirectRegroupCycles;
    overhead.issueCycles =
        step.switchesBefore * params.pathSwitchIssueSlots + step.regroupsBefore * params.indirectRegroupIssueSlots;
    if (block.branch) {
      overhead.latencyCycles += block.indirect ? params.indirectBranchCycles : params.branchCycles;
      overhead.issueCycles += block.indirect ? params.indirectBranchIssueSlots : params.controlIssueSlots;
    }
    if (overhead.latencyCycles > 0 || overhead.issueCycles > 0) items.push_back(overhead);
    if (block.fmas > 0) {
      // The work loop: its entry, fmas dependent FMAs in iterations of kWorkUnroll, each with its
      // loop control. FMAs go to the FP32 pipe at `rate` per cycle; every instruction takes one
      // dispatch slot.
      const double fmas = block.fmas;
      const double iterations = fmas / kWorkUnroll;
      const double instructions = fmas + iterations * kWorkLoopControlInstructions;
      WarpItem work;
      work.latencyCycles =
          params.segmentSetupCycles + fmas * params.dependentFmaCycles + iterations * params.loopIterationCycles;
      work.issueCycles = std::max(fmas / rate, instructions);
      work.path = step.path;
      work.mask = step.commitMask;
      items.push_back(work);
    }
  }
  // A warp alone cannot issue faster than one slot per cycle.
  for (WarpItem& item : items) item.latencyCycles = std::max(item.latencyCycles, item.issueCycles);
  return items;
}

double simulateScheduler(const std::vector<const std::vector<WarpItem>*>& warps, int reps,
                         std::vector<SimSegment>* segments) {
  const std::size_t n = warps.size();
  if (n == 0 || reps <= 0) return 0;
  const bool identical = std::all_of(warps.begin(), warps.end(),
                                     [&](const std::vector<WarpItem>* w) { return w == warps[0] || *w == *warps[0]; });
  if (identical) {
    // Warps with the same items move in lock step: each item lasts its latency, or n times its
    // issue cycles when the n warps together ask for more than the scheduler's one slot per cycle.
    double t = 0;
    const double warpsSharing = static_cast<double>(n);
    for (int rep = 0; rep < reps; ++rep)
      for (const WarpItem& item : *warps[0]) {
        const double d = std::max(item.latencyCycles, warpsSharing * item.issueCycles);
        if (segments && item.path >= 0)
          for (std::size_t w = 0; w < n; ++w)
            segments->push_back({static_cast<int>(w), rep, item.path, item.mask, t, t + d});
        t += d;
      }
    return t;
  }

  struct State {
    int rep = 0;
    std::size_t item = 0;
    double left = 1.0;  // fraction of the current item still to run
    double start = 0;
    bool done = false;
  };
  std::vector<State> state(n);
  auto current = [&](std::size_t w) -> const WarpItem& { return (*warps[w])[state[w].item]; };
  auto advance = [&](std::size_t w, double now) {
    State& s = state[w];
    // Leave the finished item; skip items that take no time.
    for (;;) {
      if (++s.item >= warps[w]->size()) {
        s.item = 0;
        if (++s.rep >= reps) {
          s.done = true;
          return;
        }
      }
      if (current(w).latencyCycles > 0) break;
    }
    s.left = 1.0;
    s.start = now;
  };
  for (std::size_t w = 0; w < n; ++w) {
    if (warps[w]->empty()) {
      state[w].done = true;
      continue;
    }
    state[w].item = warps[w]->size() - 1;
    state[w].rep = -1;
    advance(w, 0);
  }
  double now = 0;
  std::vector<double> rate(n, 0.0);
  std::vector<std::size_t> order;
  for (;;) {
    order.clear();
    for (std::size_t w = 0; w < n; ++w)
      if (!state[w].done) order.push_back(w);
    if (order.empty()) break;
    // Max-min fair share of one issue slot per cycle: warps asking for less than an equal share
    // get what they ask; the rest split what is left.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return current(a).issueCycles / current(a).latencyCycles < current(b).issueCycles / current(b).latencyCycles;
    });
    double capacity = 1.0;
    std::size_t remaining = order.size();
    for (std::size_t w : order) {
      const WarpItem& item = current(w);
      const double demand = item.issueCycles / item.latencyCycles;  // slots per cycle at full speed
      const double share = capacity / static_cast<double>(remaining);
      const double granted = std::min(demand, share);
      capacity -= granted;
      --remaining;
      // Progress per cycle: at full speed 1/latency; slowed to the granted share of its issue.
      rate[w] = item.issueCycles > 0 ? granted / item.issueCycles : 1.0 / item.latencyCycles;
    }
    double dt = 1e300;
    for (std::size_t w : order) dt = std::min(dt, state[w].left / rate[w]);
    now += dt;
    for (std::size_t w : order) {
      State& s = state[w];
      s.left -= rate[w] * dt;
      if (s.left > 1e-9) continue;
      const WarpItem& item = current(w);
      if (segments && item.path >= 0)
        segments->push_back({static_cast<int>(w), s.rep, item.path, item.mask, s.start, now});
      advance(w, now);
    }
  }
  return now;
}

namespace {

/// Items of one repetition per distinct lane behaviour, built once: a pattern's warps mostly share one.
class WarpItemCache {
 public:
  WarpItemCache(const PatternShape& shape, const SimtParams& params, const DeviceInfo& device)
      : shape_(shape), params_(params), device_(device) {}

  const std::vector<WarpItem>& forWarp(unsigned warp) {
    std::vector<int> key(kWarpLanes);
    for (int lane = 0; lane < kWarpLanes; ++lane) key[static_cast<std::size_t>(lane)] = lanePath(shape_, warp, lane);
    auto it = cache_.find(key);
    if (it != cache_.end()) return it->second;
    SimtProgram program = buildSimtProgram(shape_, warp, kWarpLanes, Predication::Branch);
    program.order = PathOrder::FewerLanesFirst;  // as the H100 ran them
    return cache_.emplace(std::move(key), warpItems(program, runSimtStack(program), params_, device_)).first->second;
  }

 private:
  PatternShape shape_;
  SimtParams params_;
  DeviceInfo device_;
  std::map<std::vector<int>, std::vector<WarpItem>> cache_;
};

/// Global warp index of warp slot `slot` of SM `sm`: blocks are dealt to SMs round robin.
unsigned globalWarp(const LaunchShape& launch, const DeviceInfo& device, int sm, int slot) {
  const int block = (slot / launch.warpsPerBlock) * device.smCount + sm;
  return static_cast<unsigned>(block * launch.warpsPerBlock + slot % launch.warpsPerBlock);
}

}  // namespace

double modelKernelMicroseconds(const DivergenceConfig& config, const LaunchShape& launch, const SimtParams& params,
                               const DeviceInfo& device) {
  WarpItemCache cache(config.shape, params, device);
  const int schedulers = std::max(1, device.schedulersPerSm);
  std::vector<std::vector<const std::vector<WarpItem>*>> perScheduler(static_cast<std::size_t>(schedulers));
  for (int slot = 0; slot < launch.warpsPerSm(); ++slot)
    perScheduler[static_cast<std::size_t>(slot % schedulers)].push_back(&cache.forWarp(globalWarp(launch, device, 0, slot)));
  double cycles = 0;
  for (const auto& warps : perScheduler) {
    if (warps.empty()) continue;
    // Two and three repetitions give the steady state's cycles per repetition; the launch's
    // many more repetitions repeat it (exact for warps that move in lock step).
    const double two = simulateScheduler(warps, 2, nullptr);
    const double three = simulateScheduler(warps, 3, nullptr);
    const double perRep = three - two;
    cycles = std::max(cycles, three + (config.reps - 3) * perRep);
  }
  return cycles / device.smClockMhz + params.launchOverheadUs;
}

DivergenceTrace modelTrace(const PatternShape& shape, const LaunchShape& launch, const SimtParams& params,
                           const DeviceInfo& device) {
  DivergenceTrace trace;
  trace.timeBasis = "Model cycles: every SM starts at 0 (the model has no launch stagger).";
  WarpItemCache cache(shape, params, device);
  const int schedulers = std::max(1, device.schedulersPerSm);
  const int sms = std::min(launch.tracedSms, device.smCount);
  for (int sm = 0; sm < sms; ++sm) {
    std::vector<WarpTrace> warps(static_cast<std::size_t>(launch.warpsPerSm()));
    for (int slot = 0; slot < launch.warpsPerSm(); ++slot) {
      WarpTrace& w = warps[static_cast<std::size_t>(slot)];
      w.sm = sm;
      w.block = (slot / launch.warpsPerBlock) * device.smCount + sm;
      w.warpInBlock = slot % launch.warpsPerBlock;
    }
    for (int s = 0; s < schedulers; ++s) {
      std::vector<const std::vector<WarpItem>*> items;
      std::vector<int> slots;
      for (int slot = s; slot < launch.warpsPerSm(); slot += schedulers) {
        items.push_back(&cache.forWarp(globalWarp(launch, device, sm, slot)));
        slots.push_back(slot);
      }
      std::vector<SimSegment> segments;
      simulateScheduler(items, kTraceReps, &segments);
      for (const SimSegment& seg : segments)
        warps[static_cast<std::size_t>(slots[static_cast<std::size_t>(seg.warp)])].segments.push_back(
            {seg.path, seg.rep, seg.mask, seg.start, seg.end});
    }
    for (WarpTrace& w : warps) {
      std::sort(w.segments.begin(), w.segments.end(),
                [](const TraceSegment& a, const TraceSegment& b) { return a.start < b.start; });
      trace.warps.push_back(std::move(w));
    }
  }
  return trace;
}

// ---- The 4-thread table ----------------------------------------------------------------------

Grid simtTableGrid(const PatternShape& shape, Predication predication, std::string* scaling) {
  const auto pattern = static_cast<DivergencePattern>(shape.pattern);
  const SimtProgram program = buildSimtProgram(shape, 0, kTableLanes, predication);
  const std::vector<SimtStep> steps = runSimtStack(program);

  Grid grid;
  grid.rowAxisLabel = "Time step";
  grid.columnAxisLabel = "Thread";
  for (int t = 0; t < kTableLanes; ++t) grid.columnLabels.push_back("T" + std::to_string(t));
  grid.states = {{"active", "Runs the instruction"},
                 {"predicated", "Issued but predicated off: does not commit ([x = 1])"},
                 {"masked", "Masked off: waits at the reconvergence point"},
                 {"future", "Not executed yet"}};
  grid.timeUnit = "step";
  enum { kActive = 0, kPredicated = 1, kMasked = 2, kFuture = 3 };

  struct Row {
    std::vector<int> cells;
    std::vector<std::string> text;
    std::string what;
  };
  std::vector<Row> rows;
  for (const SimtStep& step : steps) {
    const SimtBlock& block = program.blocks[static_cast<std::size_t>(step.block)];
    if (block.text.empty()) continue;
    Row row;
    std::ostringstream who;
    for (int t = 0; t < kTableLanes; ++t) {
      const std::uint32_t bit = 1u << t;
      if (step.commitMask & bit) {
        row.cells.push_back(kActive);
        row.text.push_back(block.text);
        who << (who.tellp() > 0 ? ", " : "") << "T" << t;
      } else if (step.issueMask & bit) {
        row.cells.push_back(kPredicated);
        row.text.push_back("[" + block.text + "]");
      } else {
        row.cells.push_back(kMasked);
        row.text.push_back("");
      }
    }
    std::ostringstream what;
    what << block.text << " by " << (who.str().empty() ? std::string("no thread") : who.str())
         << " (SIMT stack depth " << step.stackDepth << ")";
    row.what = what.str();
    rows.push_back(std::move(row));
  }
  for (std::size_t r = 0; r < rows.size(); ++r) grid.rowLabels.push_back(std::to_string(r));
  for (std::size_t f = 0; f < rows.size(); ++f) {
    GridFrame frame;
    frame.time = static_cast<double>(f);
    frame.label = "step " + std::to_string(f) + ": " + rows[f].what;
    for (std::size_t r = 0; r < rows.size(); ++r)
      for (int t = 0; t < kTableLanes; ++t) {
        const bool shown = r <= f;
        frame.cells.push_back(shown ? rows[r].cells[static_cast<std::size_t>(t)] : kFuture);
        frame.text.push_back(shown ? rows[r].text[static_cast<std::size_t>(t)] : std::string());
      }
    grid.frames.push_back(std::move(frame));
  }

  if (scaling) {
    std::ostringstream s;
    s << "The table runs the SIMT stack on a " << kTableLanes << "-thread warp (the seed's T0..T3). ";
    switch (pattern) {
      case DivergencePattern::FirstK:
        s << "first-k: k = " << shape.k << " of 32 lanes becomes " << scaledK(shape, kTableLanes) << " of "
          << kTableLanes << " threads.";
        break;
      case DivergencePattern::WarpUniform: s << "warp-uniform: this is warp 0 (all take x = 1); warp 1 runs y = 1."; break;
      case DivergencePattern::Random: s << "random: T0..T3 are lanes 0..3 of warp 0."; break;
      case DivergencePattern::Nested:
        s << "nested: depth " << shape.depth << " splits the 4 threads by their top bits"
          << (shape.depth > 2 ? " (the innermost if has no thread on its else side)." : ".");
        break;
      case DivergencePattern::Loop: {
        s << "loop: T0..T3 stand for lanes";
        for (int t = 0; t < kTableLanes; ++t)
          s << ' ' << representedLane(t, kTableLanes) << " (" << programLaneTrips(shape, t, kTableLanes) << " trips)";
        s << ".";
        break;
      }
      case DivergencePattern::Switch: s << "switch: thread t takes case t % " << shape.paths << "."; break;
      default: s << "odd-even: T0, T2 take the if side (the seed's example)."; break;
    }
    if (predication == Predication::Predicate)
      s << (pattern == DivergencePattern::Loop
                ? " A data-dependent loop cannot be if-converted: it branches either way."
                : " If-converted: every thread issues every path; [bracketed] ones do not commit.");
    *scaling = s.str();
  }
  return grid;
}

// ---- The lab on a profile --------------------------------------------------------------------

std::string independentThreadSchedulingNote() {
  return "Volta and later (independent thread scheduling) have no hardware SIMT stack: every thread has its own "
         "program counter, the compiler brackets a divergent region with a convergence barrier (BSSY before the "
         "branch, BSYNC at the post-dominator), and the scheduler runs one group of lanes at a time. It may switch "
         "groups before a path ends (code that relies on convergence needs __syncwarp()), so the stack's strict "
         "order is no longer guaranteed. Measured with this lab on an H100 (2026-11-22): in every pattern the "
         "recorded segments of a warp never overlapped and every __activemask() was exactly the pattern's lanes, "
         "i.e. the GPU ran the groups one after another and reconverged at the post-dominator, as the stack "
         "model does. The group with fewer lanes ran first (on a tie the else side of an if, the lowest case of a "
         "switch), which the model's timeline follows; the 4-thread table keeps the seed's then-first order.";
}

std::string simtModelNote(const std::string& profileFile, const SimtParams& params, const PatternShape& shape,
                          const DeviceInfo& device) {
  std::ostringstream why;
  why << std::setprecision(3) << "Model (" << profileFile
      << ", mechanism simt): a SIMT stack runs each warp's branches; a divergent branch pushes one entry per "
         "target, the groups of lanes run their paths one after the other and meet again at the branch's "
         "immediate post-dominator. Costs per warp: a path segment of "
      << shape.workFmas << " dependent FMAs takes " << params.segmentSetupCycles << " + " << shape.workFmas << " x "
      << params.dependentFmaCycles << " + " << shape.workFmas / kWorkUnroll << " x " << params.loopIterationCycles
      << " cycles; a branch " << params.branchCycles << " cycles (" << params.controlIssueSlots
      << " issue slots); moving on to the next group " << params.pathSwitchCycles << "; a switch's dispatch "
      << params.indirectBranchCycles << " and " << params.indirectRegroupCycles
      << " more for each further group. The warps on one scheduler share its issue slots ("
      << fmaIssueRate(device)
      << " warp FMA per cycle): with few warps a path takes its latency, with many the scheduler's throughput "
         "(Little's law); the busiest scheduler sets the kernel time, plus "
      << params.launchOverheadUs << " us launch.";
  return why.str();
}


RunResult simulateDivergence(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  checkDivergenceFeasible(device, request.params);
  const SimtParams params = simtParams(profile);
  const PatternShape shape = patternShape(request.params);
  const LaunchShape launch = launchShape(request.params);
  const int warpsInGrid = device.smCount * launch.warpsPerSm();
  const std::vector<DivergenceConfig> plan = divergencePlan(request.params, warpsInGrid);

  DivergenceRun run;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    monitor.step(i, plan.size(), plan[i].series + ", " + std::to_string(plan[i].distinctPaths) + " paths");
    const double us = modelKernelMicroseconds(plan[i], launch, params, device);
    run.timings.push_back({plan[i], us, us, us});
  }
  monitor.throwIfCancelled();
  run.trace = modelTrace(shape, launch, params, device);
  std::string scaling;
  const auto predication =
      request.params.getInt("simt_table") == 1 ? Predication::Predicate : Predication::Branch;
  run.table = simtTableGrid(shape, predication, &scaling);
  monitor.done();

  RunResult result = assembleDivergenceResult(device, request.params, run);
  result.provenance = Provenance::Simulated;
  result.notes.push_back(scaling);
  result.scalars.push_back({"model.dependent_fma_cycles", "Model: dependent FMA latency", params.dependentFmaCycles, "cycles"});
  result.scalars.push_back({"model.branch_cycles", "Model: conditional branch block", params.branchCycles, "cycles"});
  result.scalars.push_back({"model.path_switch_cycles", "Model: moving on to the next group of lanes",
                            params.pathSwitchCycles, "cycles"});
  result.scalars.push_back({"model.indirect_branch_cycles", "Model: switch dispatch", params.indirectBranchCycles, "cycles"});
  result.notes.push_back(simtModelNote(profile.fileName, params, shape, device));
  result.notes.push_back(independentThreadSchedulingNote());
  return result;
}

}  // namespace warpscope::labs
