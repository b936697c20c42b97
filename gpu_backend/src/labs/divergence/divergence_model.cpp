// The divergence lab on a simulator profile: the SIMT model (simt_program.cpp, simt_timing.cpp,
// simt_table.cpp) run for the lab's plan, and its notes.
#include "labs/divergence/divergence_model.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>

namespace warpscope::labs {

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

std::string simtModelNote(const std::string& profileName, const SimtParams& params, const PatternShape& shape,
                          const DeviceInfo& device) {
  std::ostringstream why;
  why << std::setprecision(3) << "Model (" << profileName
      << "): a SIMT stack runs each warp's branches; a divergent branch pushes one entry per "
         "target, the groups of lanes run their paths one after the other and meet again at the branch's "
         "immediate post-dominator. Costs per warp: a path segment of "
      << shape.workFmas << " dependent FMAs takes " << params.segmentSetupCycles << " + " << shape.workFmas << " x "
      << params.dependentFmaCycles << " + " << shape.workFmas / kWorkUnroll << " x " << params.loopIterationCycles
      << " cycles; a branch " << params.branchCycles << " cycles (" << params.controlIssueSlots
      << " issue slots); moving on to the next group " << params.pathSwitchCycles << "; a switch's dispatch "
      << params.indirectBranchCycles << " and " << params.indirectRegroupCycles
      << " more for each further group. The warps on one scheduler share its issue slots ("
      << simtFmaIssueRate(device)
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
  result.notes.push_back(simtModelNote(profile.info.name, params, shape, device));
  result.notes.push_back(independentThreadSchedulingNote());
  return result;
}

}  // namespace warpscope::labs
