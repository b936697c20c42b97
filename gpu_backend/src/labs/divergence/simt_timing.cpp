// The SIMT model's timing: the profile's "simt" costs, the items a warp issues, the
// schedulers' shared issue slots, kernel time and the modelled trace.
#include "labs/divergence/divergence_model.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

namespace warpscope::labs {

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

double simtFmaIssueRate(const DeviceInfo& device) {
  const double perScheduler = static_cast<double>(device.fp32LanesPerSm) / std::max(1, device.schedulersPerSm);
  return std::max(perScheduler / device.warpSize, 1e-3);
}

std::vector<WarpItem> warpItems(const SimtProgram& program, const std::vector<SimtStep>& steps,
                                const SimtParams& params, const DeviceInfo& device) {
  const double rate = simtFmaIssueRate(device);
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

}  // namespace warpscope::labs
