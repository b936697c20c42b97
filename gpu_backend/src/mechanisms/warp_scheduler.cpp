#include "mechanisms/warp_scheduler.h"

#include <algorithm>
#include <cmath>

namespace warpscope::labs {

SchedulerModel schedulerModel(const sim::DeviceProfile& profile) {
  const FmaPipeline fma = fmaPipeline(profile);
  SchedulerModel m;
  m.latencyCycles = std::max(1, static_cast<int>(std::lround(fma.fmaLatencyCycles)));
  m.pipeRate = fp32WarpIssueRatePerScheduler(profile.info);
  m.dispatchPerCycle = fma.dispatchPerIssue;
  m.cyclesPerIssue = fma.hotClocksPerIssue;
  m.maxInFlightPerWarp = fma.maxUsefulIlp;
  return m;
}

namespace {

/// A warp's stream: how far it got and when each recent result is ready.
struct WarpState {
  long long next = 0;              ///< Index of its next instruction in the stream.
  std::vector<long long> readyAt;  ///< Ready cycle of stream instruction i, kept for the last few.
};

}  // namespace

SchedulerTrace runScheduler(const SchedulerModel& model, const std::vector<StreamInstruction>& body, int warps,
                            int cycles) {
  SchedulerTrace trace;
  trace.warps = warps;
  trace.cycles = cycles;
  trace.states.assign(static_cast<std::size_t>(cycles) * warps, WarpCycle::Waiting);
  trace.issued.assign(trace.states.size(), "");
  trace.issuedPerCycle.assign(cycles, 0);
  trace.firstIssue.assign(warps, std::vector<int>(body.size(), -1));
  if (warps <= 0 || body.empty()) return trace;

  const int bodySize = static_cast<int>(body.size());
  std::vector<WarpState> state(warps);
  // The ready cycle of instruction i of a warp's stream (issued ones only: i < next).
  auto readyCycle = [&](const WarpState& s, long long i) { return s.readyAt[static_cast<std::size_t>(i)]; };
  auto isReady = [&](const WarpState& s, int cycle) {
    const StreamInstruction& in = body[s.next % bodySize];
    if (in.dependsOn > 0 && s.next - in.dependsOn >= 0 && readyCycle(s, s.next - in.dependsOn) > cycle) return false;
    int inFlight = 0;
    for (long long i = std::max(0LL, s.next - model.maxInFlightPerWarp); i < s.next; ++i)
      inFlight += readyCycle(s, i) > cycle;
    return inFlight < model.maxInFlightPerWarp;
  };
  auto issue = [&](int warp, int cycle) {
    WarpState& s = state[warp];
    const int slot = static_cast<int>(s.next % bodySize);
    if (trace.firstIssue[warp][slot] < 0) trace.firstIssue[warp][slot] = cycle;
    s.readyAt.push_back(cycle + model.latencyCycles);
    ++s.next;
    return body[slot].label;
  };

  // The pipe takes pipeRate warp instructions per cycle: credit accrues by that much each cycle,
  // up to what one cycle may issue, and each instruction spends one.
  const double maxCredit = std::max(1.0, static_cast<double>(model.dispatchPerCycle));
  double credit = maxCredit;
  int last = warps - 1;
  for (int cycle = 0; cycle < cycles; ++cycle) {
    if (cycle > 0) credit = std::min(maxCredit, credit + model.pipeRate);
    // A Fermi scheduler issues every other (hot) cycle: the ready warps wait in between.
    const bool issueCycle = cycle % std::max(1, model.cyclesPerIssue) == 0;
    int chosen = -1;
    for (int k = 1; k <= warps && chosen < 0 && issueCycle; ++k) {
      const int w = (last + k) % warps;
      if (isReady(state[w], cycle) && credit >= 1.0) chosen = w;
    }
    for (int w = 0; w < warps; ++w) {
      const std::size_t at = static_cast<std::size_t>(cycle) * warps + w;
      if (w == chosen) continue;
      trace.states[at] = !isReady(state[w], cycle) ? WarpCycle::Waiting
                         : chosen >= 0             ? WarpCycle::NotSelected
                                                   : WarpCycle::PipeBusy;
    }
    if (chosen < 0) continue;
    const std::size_t at = static_cast<std::size_t>(cycle) * warps + chosen;
    std::string label = issue(chosen, cycle);
    credit -= 1.0;
    int count = 1;
    // Dual issue: the warp's next instruction too, when it is independent and the pipe has room.
    while (count < model.dispatchPerCycle && credit >= 1.0 && isReady(state[chosen], cycle)) {
      label += "+" + issue(chosen, cycle);
      credit -= 1.0;
      ++count;
    }
    trace.states[at] = WarpCycle::Issued;
    trace.issued[at] = label;
    trace.issuedPerCycle[cycle] = count;
    last = chosen;
  }
  return trace;
}

double schedulerUtilization(const SchedulerModel& model, const std::vector<StreamInstruction>& body, int warps) {
  constexpr int kWarmup = 256;
  constexpr int kWindow = 2048;
  const SchedulerTrace trace = runScheduler(model, body, warps, kWarmup + kWindow);
  long long issued = 0;
  for (int c = kWarmup; c < kWarmup + kWindow; ++c) issued += trace.issuedPerCycle[c];
  return std::min(1.0, static_cast<double>(issued) / (kWindow * model.pipeRate));
}

}  // namespace warpscope::labs
