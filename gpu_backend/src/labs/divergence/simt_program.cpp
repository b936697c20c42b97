// The SIMT model's programs and stack: each pattern as basic blocks, their immediate
// post-dominators (the reconvergence points), and the stack that runs a warp through them.
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

/// The path thread t of a `lanes`-thread warp takes (a small warp scaled like the 32-lane one).
int programLanePath(const PatternShape& s, unsigned warp, int t, int lanes) {
  if (lanes >= kWarpLanes) return lanePath(s, warp, t);
  switch (static_cast<DivergencePattern>(s.pattern)) {
    case DivergencePattern::FirstK: return t < scaledFirstK(s, lanes) ? 0 : 1;
    case DivergencePattern::Nested: return (t << s.depth) / lanes;
    default: return lanePath(s, warp, t);  // odd-even, warp-uniform, random, switch: the first lanes
  }
}

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

int representedLane(int t, int lanes) { return lanes >= kWarpLanes ? t : t * (kWarpLanes - 1) / (lanes - 1); }

int programLaneTrips(const PatternShape& s, int t, int lanes) { return laneTrips(s, representedLane(t, lanes)); }

int scaledFirstK(const PatternShape& s, int lanes) {
  const int k = static_cast<int>(std::lround(static_cast<double>(s.k) * lanes / kWarpLanes));
  return std::clamp(k, 1, lanes - 1);
}

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

}  // namespace warpscope::labs
